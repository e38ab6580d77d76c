import { RELEASE_CODE, ReleaseNoteCreate, ReleaseNoteUpdate } from '@shuyuan/contracts/settings/release-note';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ChangelogView } from './changelog-view.tsx';

const STATE = [
  { value: 0, label: 'settings.release.draft' },
  { value: 1, label: 'settings.release.published' },
];

const def: ResourcePageDef = {
  area: 'UpdateLog',
  entity: 'ReleaseNote',
  permission: RELEASE_CODE,
  title: 'settings.release.entity',
  contracts: { create: ReleaseNoteCreate, update: ReleaseNoteUpdate },
  modalWidth: 760,
  fields: [
    { name: 'version', label: 'settings.release.version', span: 8, width: 100 },
    { name: 'title', label: 'settings.release.title', span: 16 },
    { name: 'content', label: 'settings.release.content', type: 'textarea', inTable: false, props: { rows: 10 } },
    {
      name: 'state',
      label: 'settings.release.state',
      type: 'select',
      options: STATE,
      inSearch: true,
      default: 0,
      width: 100,
    },
    {
      name: 'publishedAt',
      label: 'settings.release.publishedAt',
      inForm: false,
      width: 170,
      render: (v: string | null) => (v ? new Date(v).toLocaleString() : ''),
    },
  ],
};

/**
 * /update-log: editors write the school's notices (draft → published) next to the product's change log.
 * Everyone reads both at /updatelog.
 */
export default function UpdateLogPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'notes', label: t('settings.release.schoolNotes'), children: <ResourcePage def={def} /> },
          { key: 'product', label: t('settings.release.productLog'), children: <ChangelogView /> },
        ]}
      />
    </Card>
  );
}
