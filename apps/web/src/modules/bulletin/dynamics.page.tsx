import { DYNAMIC_CODE } from '@shuyuan/contracts/bulletin/bulletin';
import { BulletinPage } from './bulletin-page.tsx';

/** /dynamics-museum: library dynamics with pictures (the public site's library pictures). */
export default function DynamicsPage() {
  return <BulletinPage entity="Dynamic" code={DYNAMIC_CODE} />;
}
