import { LoanRuleCreate, type LoanRuleDto, LoanRuleUpdate } from '@shuyuan/contracts/circulation-rules/rules';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { groupOptions, identityOptions, locationOptions, resourceTypeOptions } from './options.ts';

const AnyCell = ({ v }: { v: string | null }) => {
  const { t } = useTranslation();
  return v ? <span>{v}</span> : <Tag>{t('circRules.rule.any')}</Tag>;
};

const def: ResourcePageDef<LoanRuleDto> = {
  area: 'CirculationRules',
  entity: 'LoanRule',
  permission: 'borrow-permission',
  title: 'circRules.rule.entity',
  contracts: { create: LoanRuleCreate, update: LoanRuleUpdate },
  modalWidth: 720,
  deletable: (r) => !!(r.identity || r.permissionGroupId || r.resourceTypeId || r.locationId),
  fields: [
    {
      name: 'identity',
      label: 'circRules.rule.identity',
      type: 'select',
      options: identityOptions,
      inSearch: true,
      span: 12,
      props: { allowClear: true },
      render: (v) => (v ? <IdentityCell v={v} /> : <AnyCell v={null} />),
    },
    {
      name: 'permissionGroupId',
      label: 'circRules.rule.group',
      type: 'select',
      options: groupOptions,
      inSearch: true,
      span: 12,
      props: { allowClear: true },
      render: (_, r) => <AnyCell v={r.permissionGroupName} />,
    },
    {
      name: 'resourceTypeId',
      label: 'circRules.rule.resourceType',
      type: 'select',
      options: resourceTypeOptions,
      span: 12,
      props: { allowClear: true },
      render: (_, r) => <AnyCell v={r.resourceTypeName} />,
    },
    {
      name: 'locationId',
      label: 'circRules.rule.location',
      type: 'select',
      options: locationOptions,
      span: 12,
      props: { allowClear: true },
      render: (_, r) => <AnyCell v={r.locationName} />,
    },
    { name: 'maxLoans', label: 'circRules.rule.maxLoans', type: 'number', span: 6, default: 5, width: 90 },
    { name: 'loanDays', label: 'circRules.rule.loanDays', type: 'number', span: 6, default: 30, width: 90 },
    { name: 'renewDays', label: 'circRules.rule.renewDays', type: 'number', span: 6, default: 15, width: 90 },
    { name: 'maxRenewals', label: 'circRules.rule.maxRenewals', type: 'number', span: 6, default: 1, width: 90 },
    {
      name: 'overdueRenewAllowed',
      label: 'circRules.rule.overdueRenewAllowed',
      type: 'switch',
      span: 12,
      default: false,
      width: 110,
    },
    {
      name: 'overdueLendAllowed',
      label: 'circRules.rule.overdueLendAllowed',
      type: 'switch',
      span: 12,
      default: true,
      width: 110,
    },
    // Overdue fine (issue 14 §4): 0 per day = no fine (the default).
    { name: 'fineDayFen', label: 'circRules.rule.fineDay', type: 'money', span: 8, default: 0, width: 100 },
    { name: 'fineGraceDays', label: 'circRules.rule.fineGrace', type: 'number', span: 8, default: 0, width: 90 },
    { name: 'fineCapFen', label: 'circRules.rule.fineCap', type: 'money', span: 8, default: 0, width: 100 },
  ],
  // Empty selects mean "any": sent as null.
  fromForm: (v) => ({
    ...v,
    identity: v.identity ?? null,
    permissionGroupId: v.permissionGroupId ?? null,
    resourceTypeId: v.resourceTypeId ?? null,
    locationId: v.locationId ?? null,
  }),
};

function IdentityCell({ v }: { v: string }) {
  const { t } = useTranslation();
  return <>{t(`circRules.identity.${v}`)}</>;
}

/** The loan rule table: one row per scope, most specific first; the catch-all cannot be deleted. */
export function RulesTable() {
  return <ResourcePage def={def} />;
}
