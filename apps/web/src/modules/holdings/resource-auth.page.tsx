import { P } from '@shuyuan/contracts/common/paths';
import { ResourceAuthCreate, ResourceAuthUpdate } from '@shuyuan/contracts/holdings/access';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { RemoteOptions, ResourcePageDef } from '../../kit/types.ts';

const list = (url: string): RemoteOptions => ({
  url,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
});

const def: ResourcePageDef = {
  area: 'Holdings',
  entity: 'ResourceAuth',
  permission: HoldingsCode.resourceAuth,
  title: 'holdings.auth.entity',
  contracts: { create: ResourceAuthCreate, update: ResourceAuthUpdate },
  exportable: true,
  fields: [
    {
      name: 'branchId',
      label: 'holdings.auth.branch',
      type: 'select',
      options: list(`${P}/Basic/GetBranchList`),
      dataIndex: 'branchName',
      inSearch: true,
      render: (v: string | null) => v ?? '—',
    },
    {
      name: 'resourceTypeId',
      label: 'holdings.auth.resourceType',
      type: 'select',
      options: list(`${P}/Basic/GetResourceTypeList`),
      dataIndex: 'resourceTypeName',
      render: (v: string | null) => v ?? '—',
    },
    {
      name: 'locationId',
      label: 'holdings.auth.location',
      type: 'select',
      options: list(`${P}/Basic/GetLocationList`),
      dataIndex: 'locationName',
      render: (v: string | null) => v ?? '—',
    },
    { name: 'canView', label: 'holdings.auth.canView', type: 'switch', default: true },
    { name: 'canLend', label: 'holdings.auth.canLend', type: 'switch', default: true },
    { name: 'remark', label: 'holdings.auth.remark', type: 'textarea' },
  ],
};

/** /resource-mana/basic-set/resource-auth: which resource types and locations a branch may see and lend. */
export default function ResourceAuthPage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('holdings.auth.help')} />
      <ResourcePage def={def} />
    </>
  );
}
