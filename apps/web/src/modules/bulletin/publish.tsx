import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtTime } from '../../kit/time.ts';
import type { ExtraAction, FieldDef } from '../../kit/types.ts';

type Publishable = { id: number; published: boolean; publishedAt: string | null };

function PublishedCell({ row }: { row: Publishable }) {
  const { t } = useTranslation();
  return row.published ? <Tag color="green">{t('bulletin.published')}</Tag> : <Tag>{t('bulletin.draft')}</Tag>;
}

/** The "published" column and filter, and the time it was published. */
export function publishFields<R extends Publishable>(): FieldDef<R>[] {
  return [
    {
      name: 'published',
      label: 'bulletin.state',
      type: 'select',
      inForm: false,
      inSearch: true,
      options: [
        { value: true, label: 'bulletin.published' },
        { value: false, label: 'bulletin.draft' },
      ],
      render: (_v, row) => <PublishedCell row={row} />,
      width: 90,
    },
    { name: 'publishedAt', label: 'bulletin.publishedAt', inForm: false, render: (v) => fmtTime(v), width: 170 },
  ];
}

/**
 * Publish / take back one row or the selected rows (`url` e.g. P/Bulletin/PublishNotice, permission
 * `<code>:publish`).
 */
export function publishActions<R extends Publishable>(
  url: string,
  code: string,
  t: (k: string) => string,
): { rowActions: ExtraAction<R>[]; toolbar: ExtraAction<R>[] } {
  const send = async (ids: number[], published: boolean, reload: () => void) => {
    if (!ids.length) {
      notify.error(t('bulletin.chooseRows'));
      return;
    }
    await api.post(url, { ids, published });
    notify.success(t(published ? 'bulletin.publishedOk' : 'bulletin.withdrawnOk'));
    reload();
  };
  const permission = `${code}:publish`;
  return {
    rowActions: [
      {
        key: 'publish',
        label: 'bulletin.togglePublish',
        permission,
        onClick: (row, h) => row && void send([row.id], !row.published, h.reload),
      },
    ],
    toolbar: [
      {
        key: 'publish-many',
        label: 'bulletin.publishSelected',
        permission,
        onClick: (_r, h) =>
          void send(
            h.selected.map((x) => x.id),
            true,
            h.reload,
          ),
      },
      {
        key: 'withdraw-many',
        label: 'bulletin.withdrawSelected',
        permission,
        onClick: (_r, h) =>
          void send(
            h.selected.map((x) => x.id),
            false,
            h.reload,
          ),
      },
    ],
  };
}
