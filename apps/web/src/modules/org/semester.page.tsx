import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubjectCreate, SubjectUpdate, TermCreate, TermUpdate } from '@shuyuan/contracts/org/term';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';

const termDef: ResourcePageDef = {
  area: 'Org',
  entity: 'Term',
  permission: 'semester',
  title: 'org.term.entity',
  contracts: { create: TermCreate, update: TermUpdate },
  fields: [
    { name: 'name', label: 'org.term.name' },
    { name: 'startDate', label: 'org.term.startDate', type: 'date', span: 12 },
    { name: 'endDate', label: 'org.term.endDate', type: 'date', span: 12 },
    { name: 'isCurrent', label: 'org.term.isCurrent', type: 'switch', default: false, span: 12 },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 12, inTable: false },
  ],
};

const subjectDef: ResourcePageDef = {
  area: 'Org',
  entity: 'Subject',
  permission: 'semester',
  title: 'org.subject.entity',
  contracts: { create: SubjectCreate, update: SubjectUpdate },
  fields: [
    { name: 'name', label: 'org.subject.name', span: 12 },
    { name: 'code', label: 'org.subject.code', span: 12 },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 12 },
  ],
};

/** /semester: the school's terms (one current) and its subjects. */
export default function SemesterPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'term', label: t('org.term.tab'), children: <ResourcePage def={termDef} /> },
        { key: 'subject', label: t('org.subject.tab'), children: <ResourcePage def={subjectDef} /> },
      ]}
    />
  );
}
