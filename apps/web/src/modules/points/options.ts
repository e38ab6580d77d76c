import { P } from '@shuyuan/contracts/common/paths';
import { POINT_EVENTS } from '@shuyuan/contracts/points/events';
import type { FieldDef } from '../../kit/types.ts';

const remote = (url: string) => ({ url, body: { Page: 1, Rows: 500 }, list: true, value: 'id', label: 'name' });

/** Search fields shared by the points screens: class, grade, event. */
export const classField: FieldDef = {
  name: 'classId',
  label: 'points.col.class',
  type: 'select',
  inSearch: true,
  inTable: false,
  options: remote(`${P}/Org/GetClassList`),
};
export const gradeField: FieldDef = {
  name: 'gradeId',
  label: 'points.col.grade',
  type: 'select',
  inSearch: true,
  inTable: false,
  options: remote(`${P}/Org/GetGradeList`),
};
export const eventOptions = POINT_EVENTS.map((e) => ({ value: e, label: `points.event.${e}` }));
