import { NOTICE_CODE } from '@shuyuan/contracts/bulletin/bulletin';
import { BulletinPage } from './bulletin-page.tsx';

/** /notice-list: notices and news for the public site, guide screens and kiosks. */
export default function NoticePage() {
  return <BulletinPage entity="Notice" code={NOTICE_CODE} />;
}
