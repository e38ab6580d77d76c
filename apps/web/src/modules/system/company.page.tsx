import {
  LEARNING_PERIODS,
  SCHOOL_PERMISSION,
  type School,
  SchoolCreate,
  SchoolUpdate,
} from '@shuyuan/contracts/school/school';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const PERIODS = LEARNING_PERIODS.map((p) => ({ value: p, label: `system.company.periods.${p}` }));
const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

function NameCell({ row }: { row: School }) {
  const { t } = useTranslation();
  return (
    <>
      {row.name}
      {row.current && (
        <Tag color="blue" style={{ marginLeft: 6 }}>
          {t('system.company.current')}
        </Tag>
      )}
    </>
  );
}

const def: ResourcePageDef<School> = {
  area: 'Organiza',
  entity: 'School',
  permission: SCHOOL_PERMISSION,
  title: 'system.company.entity',
  contracts: { create: SchoolCreate, update: SchoolUpdate },
  exportable: true,
  modalWidth: 760,
  fields: [
    { name: 'name', label: 'system.company.name', span: 12, render: (_v, row) => <NameCell row={row} /> },
    { name: 'enName', label: 'system.company.enName', span: 12, inTable: false },
    { name: 'code', label: 'system.company.code', span: 12, width: 110 },
    {
      name: 'learningPeriod',
      label: 'system.company.learningPeriod',
      type: 'select',
      multiple: true,
      options: PERIODS,
      span: 12,
    },
    { name: 'address', label: 'system.company.address' },
    { name: 'area', label: 'system.company.area', span: 6, width: 100 },
    { name: 'province', label: 'system.company.province', span: 6, inTable: false },
    { name: 'city', label: 'system.company.city', span: 6, inTable: false },
    { name: 'district', label: 'system.company.district', span: 6, inTable: false },
    {
      name: 'region',
      label: 'system.company.region',
      inForm: false,
      render: (_v, r) => [r.province, r.city, r.district].filter(Boolean).join(' / '),
    },
    { name: 'adminAccount', label: 'system.company.adminAccount', inForm: 'add', span: 8, width: 120 },
    {
      name: 'adminPassword',
      label: 'system.company.adminPassword',
      type: 'password',
      inForm: 'add',
      inTable: false,
      span: 8,
    },
    { name: 'adminName', label: 'system.company.adminName', inForm: 'add', inTable: false, span: 8 },
    { name: 'bgColor', label: 'system.company.bgColor', type: 'color', dataIndex: ['themeColor', 'bgColor'], span: 8 },
    { name: 'btColor', label: 'system.company.btColor', type: 'color', dataIndex: ['themeColor', 'btColor'], span: 8 },
    {
      name: 'state',
      label: 'system.company.state',
      type: 'select',
      options: STATE,
      default: 1,
      inSearch: true,
      span: 8,
      width: 90,
    },
  ],
  // The wire keeps learning periods comma-separated and the two colours in one ThemeColor object.
  toForm: (r) => ({
    ...r,
    learningPeriod: r.learningPeriod.split(',').filter(Boolean),
    bgColor: r.themeColor?.bgColor,
    btColor: r.themeColor?.btColor,
  }),
  fromForm: (v) => {
    const { bgColor, btColor, learningPeriod, ...rest } = v;
    const themeColor: Record<string, unknown> = {};
    if (bgColor) themeColor.bgColor = bgColor;
    if (btColor) themeColor.btColor = btColor;
    return { ...rest, learningPeriod: Array.isArray(learningPeriod) ? learningPeriod.join(',') : '', themeColor };
  },
};

/**
 * /sys/company: the schools (units) of the install. A district's administrators see and manage every school
 * below their own; a school's administrator sees only their school (server: modules/school/README.md).
 */
export default function CompanyPage() {
  return <ResourcePage def={def} />;
}
