import { P } from '@shuyuan/contracts/common/paths';
import { PointRecordQuery, type PointRecordRow } from '@shuyuan/contracts/points/points';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { classField, eventOptions } from './options.ts';

const def: ResourcePageDef<PointRecordRow> = {
  area: 'Points',
  entity: 'Record',
  paths: { list: `${P}/Points/GetRecordList`, export: `${P}/Points/ExportRecords` },
  permission: 'integral-record',
  title: 'points.records.entity',
  contracts: { create: PointRecordQuery, update: PointRecordQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: [
    { name: 'day', label: 'points.col.day', width: 110 },
    { name: 'account', label: 'points.col.account', width: 130 },
    { name: 'name', label: 'points.col.name', width: 120 },
    { name: 'className', label: 'points.col.class', width: 110, priority: 2 },
    classField,
    {
      name: 'event',
      label: 'points.col.event',
      type: 'select',
      inSearch: true,
      options: eventOptions,
      width: 130,
    },
    { name: 'points', label: 'points.col.points', width: 80, render: (v: number) => (v > 0 ? `+${v}` : v) },
    { name: 'balanceAfter', label: 'points.col.balanceAfter', width: 100, priority: 2 },
    { name: 'note', label: 'points.col.note' },
    { name: 'operatorName', label: 'points.col.operator', width: 110, priority: 3 },
    { name: 'from', label: 'points.records.from', type: 'date', inSearch: true, inTable: false },
    { name: 'to', label: 'points.records.to', type: 'date', inSearch: true, inTable: false },
  ],
};

/** /integral-record (积分记录): the ledger, filtered by reader (search), class, event and dates; export. */
export default function PointRecordsPage() {
  return <ResourcePage def={def} />;
}
