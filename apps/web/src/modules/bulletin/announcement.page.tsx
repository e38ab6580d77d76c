import {
  ANNOUNCEMENT_CODE,
  AnnouncementCreate,
  type AnnouncementDto,
  AnnouncementUpdate,
} from '@shuyuan/contracts/bulletin/bulletin';
import { P } from '@shuyuan/contracts/common/paths';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { opacUrl } from '../../app/constants.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { publishActions, publishFields } from './publish.tsx';
import { RichTextInput } from './rich-text.tsx';

/**
 * /newbook-announcement: choose an acceptance batch or a date range → an announcement page of the new books on
 * the public site (/search/NewBookAnnouncement).
 */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const def = useMemo<ResourcePageDef<AnnouncementDto>>(
    () => ({
      area: 'Bulletin',
      entity: 'Announcement',
      permission: ANNOUNCEMENT_CODE,
      title: 'bulletin.announcementEntity',
      contracts: { create: AnnouncementCreate, update: AnnouncementUpdate },
      modalWidth: 900,
      fields: [
        {
          name: 'title',
          label: 'bulletin.title',
          render: (v, row) =>
            row.published ? (
              <a href={opacUrl(`/search/NewBookAnnouncement?id=${row.id}`)} target="_blank" rel="noreferrer">
                {v}
              </a>
            ) : (
              v
            ),
        },
        {
          name: 'batchId',
          label: 'bulletin.batch',
          type: 'select',
          span: 12,
          dataIndex: 'batchNo',
          options: { url: `${P}/Bulletin/GetAnnouncementBatches`, value: 'id', label: 'batchNo' },
          props: { allowClear: true },
        },
        { name: 'dateFrom', label: 'bulletin.dateFrom', type: 'date', span: 6 },
        { name: 'dateTo', label: 'bulletin.dateTo', type: 'date', span: 6 },
        { name: 'books', label: 'bulletin.books', inForm: false, width: 80 },
        ...publishFields<AnnouncementDto>(),
        { name: 'cover', label: 'bulletin.cover', type: 'image', imageCategory: 'picture', inTable: false },
        {
          name: 'intro',
          label: 'bulletin.intro',
          type: 'custom',
          inTable: false,
          default: '',
          input: (p) => <RichTextInput {...p} label={t('bulletin.intro')} />,
        },
      ],
      fromForm: (v) => ({ ...v, cover: v.cover ?? '', batchId: v.batchId ?? null }),
      ...publishActions<AnnouncementDto>(`${P}/Bulletin/PublishAnnouncement`, ANNOUNCEMENT_CODE, t),
    }),
    [t],
  );
  return <ResourcePage def={def} />;
}
