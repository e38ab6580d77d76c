import { SERIAL_KINDS } from '@shuyuan/contracts/serials/pattern';
import {
  SERIAL_STAT_SCREENS,
  type SerialStatData,
  SerialStatQuery,
  type SerialStatRow,
} from '@shuyuan/contracts/serials/statistics';
import type { StatScreen } from '../statistics/screens.ts';
import './statistics.messages.ts';
import { serialStatistics } from './statistics.service.ts';

const C = (k: string) => `serialsStats.col.${k}`;
const yuan = (fen: number) => (fen / 100).toFixed(2);
const rate = (v: number | null) => (v == null ? '' : `${(v * 100).toFixed(2)}%`);
const n = (v: number | null) => v ?? '';

const cells = (r: SerialStatRow) => [
  r.name,
  r.detail,
  r.titles,
  r.copies,
  yuan(r.moneyFen),
  n(r.due),
  n(r.arrived),
  rate(r.arrivalRate),
  n(r.missing),
  n(r.claimed),
  n(r.loans),
  n(r.volumes),
];

/** The two periodical statistics screens in the statistics module's report kit (report, xlsx export job). */
export const SERIAL_STAT_SCREEN_DEFS: StatScreen[] = SERIAL_KINDS.map((kind) => ({
  ...SERIAL_STAT_SCREENS[kind],
  schema: SerialStatQuery,
  run: (db, scope, q, lang) => serialStatistics(db, scope, kind, q, lang),
  sheets: (d: SerialStatData) => [
    {
      titleKey: `serialsStats.title.${kind}`,
      columns: [
        C(d.by),
        C(d.by === 'title' ? 'postalCode' : 'detail'),
        C('titles'),
        C('copies'),
        C('money'),
        C('due'),
        C('arrived'),
        C('arrivalRate'),
        C('missing'),
        C('claimed'),
        C('loans'),
        C('volumes'),
      ],
      rows: [...d.List.map(cells), cells(d.total)],
    },
  ],
}));
