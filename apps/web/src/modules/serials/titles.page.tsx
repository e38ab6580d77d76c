import { TitleCreate, type TitleDto, TitleUpdate } from '@shuyuan/contracts/serials/title';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { BackIssues } from './back-issues.tsx';
import { FREQUENCY_OPTIONS, KIND_OPTIONS, LANGUAGE_OPTIONS } from './options.ts';

const def: ResourcePageDef<TitleDto> = {
  area: 'Serials',
  entity: 'Title',
  permission: 'magazinelibrary',
  title: 'serials.title.entity',
  contracts: { create: TitleCreate, update: TitleUpdate },
  exportable: true,
  modalWidth: 760,
  fields: [
    {
      name: 'kind',
      label: 'serials.title.kind',
      type: 'select',
      options: KIND_OPTIONS,
      inSearch: true,
      default: 'magazine',
      span: 12,
      width: 80,
    },
    { name: 'title', label: 'serials.title.title', span: 12 },
    { name: 'postalCode', label: 'serials.title.postalCode', span: 12, width: 100 },
    { name: 'issn', label: 'serials.title.issn', span: 12, width: 110, props: { placeholder: '1234-567X' } },
    {
      name: 'cnNumber',
      label: 'serials.title.cnNumber',
      span: 12,
      width: 130,
      priority: 2,
      props: { placeholder: 'CN 11-1234/G4' },
    },
    {
      name: 'frequency',
      label: 'serials.title.frequency',
      type: 'select',
      options: FREQUENCY_OPTIONS,
      inSearch: true,
      default: 'monthly',
      span: 12,
      width: 90,
    },
    { name: 'publisher', label: 'serials.title.publisher', span: 12, priority: 2 },
    {
      name: 'language',
      label: 'serials.title.language',
      type: 'select',
      options: LANGUAGE_OPTIONS,
      default: 'chi',
      span: 12,
      width: 80,
      priority: 3,
    },
    {
      name: 'pricePerIssueFen',
      label: 'serials.title.pricePerIssue',
      type: 'money',
      span: 12,
      width: 100,
      priority: 2,
    },
    { name: 'pricePerYearFen', label: 'serials.title.pricePerYear', type: 'money', span: 12, width: 100 },
    { name: 'classNo', label: 'serials.title.classNo', span: 12, width: 90, priority: 3 },
    { name: 'ceased', label: 'serials.title.ceased', type: 'switch', default: false, span: 12, width: 70, priority: 3 },
    { name: 'note', label: 'serials.title.note', type: 'textarea', inTable: false },
  ],
};

/**
 * /magazinelibrary (期刊库): magazines and newspapers the school takes (each is a catalogue record too), and the
 * back issues: where each arrived issue is now.
 */
export default function TitlesPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="sy-titles-tabs"
      items={[
        { key: 'titles', label: t('serialsStats.back.titlesTab'), children: <ResourcePage def={def} /> },
        { key: 'back', label: t('serialsStats.back.tab'), children: <BackIssues /> },
      ]}
    />
  );
}
