import { P } from '@shuyuan/contracts/common/paths';
import { ClockListQuery, type ClockListRow } from '@shuyuan/contracts/points/clock';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { classField, gradeField } from './options.ts';

type Row = ClockListRow & { id: number };

const def: ResourcePageDef<Row> = {
  area: 'ReadingClock',
  entity: 'Clock',
  paths: { list: `${P}/ReadingClock/GetList`, export: `${P}/ReadingClock/Export` },
  permission: 'reading-clock',
  title: 'points.clock.entity',
  contracts: { create: ClockListQuery, update: ClockListQuery },
  can: { add: false, edit: false, delete: false },
  exportable: true,
  fields: [
    { name: 'account', label: 'points.col.account', width: 140 },
    { name: 'name', label: 'points.col.name', width: 130 },
    { name: 'gradeName', label: 'points.col.grade', width: 110, priority: 2 },
    { name: 'className', label: 'points.col.class', width: 110 },
    gradeField,
    classField,
    { name: 'day', label: 'points.clock.day', type: 'date', inSearch: true, inTable: false },
    {
      name: 'onlyClocked',
      label: 'points.clock.onlyClocked',
      type: 'select',
      inSearch: true,
      inTable: false,
      options: [
        { value: true, label: 'kit.yes' },
        { value: false, label: 'kit.no' },
      ],
    },
    { name: 'minutesDay', label: 'points.clock.col.minutesDay', width: 110 },
    { name: 'streak', label: 'points.clock.col.streak', width: 100 },
    { name: 'minutesWeek', label: 'points.clock.col.minutesWeek', width: 120 },
    { name: 'daysWeek', label: 'points.clock.col.daysWeek', width: 120, priority: 2 },
  ],
};

/**
 * /reading-clock (阅读打卡): a class's or grade's readers on a day (today by default, the school's date) — who
 * clocked in, minutes, streak, the 7 days' minutes and days; export.
 */
export default function ReadingClockPage() {
  return <ResourcePage def={def} />;
}
