import { BorrowRangeCreate, type BorrowRangeDto, BorrowRangeUpdate } from '@shuyuan/contracts/circulation-rules/rules';
import { Alert, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { groupOptions, identityOptions, locationOptions, resourceTypeOptions } from './options.ts';

function Names({ names }: { names: string[] }) {
  const { t } = useTranslation();
  return names.length ? (
    <Space size={4} wrap>
      {names.map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
    </Space>
  ) : (
    <Tag color="green">{t('circRules.range.everything')}</Tag>
  );
}

function Who({ r }: { r: BorrowRangeDto }) {
  const { t } = useTranslation();
  const parts = [r.permissionGroupName, r.identity ? t(`circRules.identity.${r.identity}`) : null].filter(Boolean);
  return <>{parts.length ? parts.join(' · ') : t('circRules.range.allReaders')}</>;
}

const def: ResourcePageDef<BorrowRangeDto> = {
  area: 'CirculationRules',
  entity: 'BorrowRange',
  permission: 'borrow-range-mana',
  title: 'circRules.range.entity',
  contracts: { create: BorrowRangeCreate, update: BorrowRangeUpdate },
  modalWidth: 720,
  fields: [
    {
      name: 'permissionGroupId',
      label: 'circRules.rule.group',
      type: 'select',
      options: groupOptions,
      inSearch: true,
      span: 12,
      props: { allowClear: true },
      render: (_, r) => <Who r={r} />,
    },
    {
      name: 'identity',
      label: 'circRules.rule.identity',
      type: 'select',
      options: identityOptions,
      span: 12,
      inTable: false,
      props: { allowClear: true },
    },
    {
      name: 'locationIds',
      label: 'circRules.range.locations',
      type: 'select',
      multiple: true,
      options: locationOptions,
      default: [],
      render: (_, r) => <Names names={r.locationNames} />,
    },
    {
      name: 'resourceTypeIds',
      label: 'circRules.range.resourceTypes',
      type: 'select',
      multiple: true,
      options: resourceTypeOptions,
      default: [],
      render: (_, r) => <Names names={r.resourceTypeNames} />,
    },
    { name: 'remark', label: 'circRules.range.remark', type: 'textarea' },
  ],
  fromForm: (v) => ({
    ...v,
    permissionGroupId: v.permissionGroupId ?? null,
    identity: v.identity ?? null,
    locationIds: v.locationIds ?? [],
    resourceTypeIds: v.resourceTypeIds ?? [],
  }),
};

/** /borrow-range-mana: which locations and resource types readers of a group / identity may borrow. */
export default function BorrowRangePage() {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('circRules.range.help')} />
      <ResourcePage def={def} />
    </>
  );
}
