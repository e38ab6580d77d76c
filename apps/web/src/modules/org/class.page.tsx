import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { P } from '@shuyuan/contracts/common/paths';
import {
  GradeCreate,
  GradeUpdate,
  LearningStageCreate,
  LearningStageUpdate,
  SchoolClassCreate,
  SchoolClassUpdate,
} from '@shuyuan/contracts/org/school-class';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { RemoteOptions, ResourcePageDef } from '../../kit/types.ts';
import { UserSelect } from './user-select.tsx';

const list = (entity: string): RemoteOptions => ({
  url: `${P}/Org/Get${entity}List`,
  body: { Page: 1, Rows: 500 },
  list: true,
  value: 'id',
  label: 'name',
});
const STATE = [
  { value: 1, label: 'kit.state.on' },
  { value: 0, label: 'kit.state.off' },
];

const classDef: ResourcePageDef = {
  area: 'Org',
  entity: 'Class',
  permission: 'class',
  title: 'org.class.entity',
  contracts: { create: SchoolClassCreate, update: SchoolClassUpdate },
  exportable: true,
  fields: [
    { name: 'name', label: 'org.class.name', span: 12 },
    { name: 'code', label: 'org.class.code', span: 12, width: 90 },
    {
      name: 'gradeId',
      label: 'org.class.grade',
      type: 'select',
      options: list('Grade'),
      inSearch: true,
      dataIndex: 'gradeName',
      span: 12,
    },
    {
      name: 'stageId',
      label: 'org.class.stage',
      type: 'select',
      options: list('LearningStage'),
      dataIndex: 'stageName',
      span: 12,
    },
    {
      name: 'headTeacherId',
      label: 'org.class.headTeacher',
      type: 'custom',
      input: UserSelect,
      dataIndex: 'headTeacherName',
      span: 12,
    },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 6, width: 80 },
    { name: 'state', label: 'org.common.state', type: 'select', options: STATE, default: 1, span: 6 },
  ],
};

const gradeDef: ResourcePageDef = {
  area: 'Org',
  entity: 'Grade',
  permission: 'class',
  title: 'org.grade.entity',
  contracts: { create: GradeCreate, update: GradeUpdate },
  fields: [
    { name: 'name', label: 'org.grade.name', span: 12 },
    { name: 'code', label: 'org.grade.code', span: 12 },
    {
      name: 'stageId',
      label: 'org.class.stage',
      type: 'select',
      options: list('LearningStage'),
      inSearch: true,
      dataIndex: 'stageName',
      span: 12,
    },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 6 },
    { name: 'state', label: 'org.common.state', type: 'select', options: STATE, default: 1, span: 6 },
  ],
};

const stageDef: ResourcePageDef = {
  area: 'Org',
  entity: 'LearningStage',
  permission: 'class',
  title: 'org.stage.entity',
  contracts: { create: LearningStageCreate, update: LearningStageUpdate },
  fields: [
    { name: 'name', label: 'org.stage.name', span: 12 },
    { name: 'code', label: 'org.stage.code', span: 12 },
    { name: 'years', label: 'org.stage.years', type: 'number', default: 6, span: 12 },
    { name: 'sort', label: 'org.common.sort', type: 'number', default: 0, span: 12 },
  ],
};

/** /class: classes, with the grades and learning stages they sit in. */
export default function ClassPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'class', label: t('org.class.tab'), children: <ResourcePage def={classDef} /> },
        { key: 'grade', label: t('org.grade.tab'), children: <ResourcePage def={gradeDef} /> },
        { key: 'stage', label: t('org.stage.tab'), children: <ResourcePage def={stageDef} /> },
      ]}
    />
  );
}
