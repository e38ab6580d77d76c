import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { SERIAL_STAT_BY, SERIAL_STAT_SCREENS } from '@shuyuan/contracts/serials/statistics';
import type { ColumnsType } from 'antd/es/table';
import { pct } from '../statistics/api.ts';
import { barOption, head } from '../statistics/charts.ts';
import { SchoolDateItem } from '../statistics/filters.tsx';
import { type ReportDef, ReportScreen } from '../statistics/report.tsx';

type Row = Record<string, any>;
type T = (k: string, o?: any) => string;
const col = (t: T, key: string, extra: Partial<ColumnsType<Row>[number]> = {}) =>
  ({ title: t(`serialsStats.col.${key}`), dataIndex: key, key, ...extra }) as ColumnsType<Row>[number];
const yuan = (fen: number) => (fen / 100).toFixed(2);
const orBlank = (v: number | null) => (v == null ? '' : v);

/**
 * /magazine-statistics (期刊统计) and /magazine-statistics2 (报纸统计): a subscription year's titles, copies and
 * money by title, 中图法 class or place, with issues due and arrived (arrival rate), missing and claimed issues,
 * loans and bound volumes; xlsx export and print from the report kit.
 */
function statDef(kind: SerialKind): ReportDef {
  return {
    ...SERIAL_STAT_SCREENS[kind],
    filters: [],
    extra: <SchoolDateItem picker="year" />,
    extraQuery: (v) => (v.date ? { year: v.date.year() } : {}),
    by: { options: [...SERIAL_STAT_BY], labelKey: (v) => `serialsStats.by.${v}` },
    rows: (d) => d.List,
    rowKey: (r) => String(r.key),
    total: (d) => ({ ...d.total, key: '__total', detail: '', isTotal: true }),
    columns: (t, d) => [
      col(t, 'name', { title: t(`serialsStats.col.${d?.by ?? 'title'}`), width: 220, ellipsis: true }),
      col(t, 'detail', { title: t(`serialsStats.col.${d?.by === 'title' ? 'postalCode' : 'detail'}`), width: 110 }),
      col(t, 'titles', { width: 80 }),
      col(t, 'copies', { width: 100 }),
      col(t, 'moneyFen', { title: t('serialsStats.col.money'), width: 110, render: yuan }),
      col(t, 'due', { width: 90, render: orBlank }),
      col(t, 'arrived', { width: 90, render: orBlank }),
      col(t, 'arrivalRate', { width: 90, render: (v: number | null) => (v == null ? '' : pct(v)) }),
      col(t, 'missing', { width: 80, render: orBlank }),
      col(t, 'claimed', { width: 90, render: orBlank }),
      col(t, 'loans', { width: 90, render: orBlank }),
      col(t, 'volumes', { width: 90, render: orBlank }),
    ],
    chart: (rows, t) =>
      rows.length
        ? barOption(
            head(rows).map((r) => r.name),
            [
              { name: t('serialsStats.col.copies'), data: head(rows).map((r) => r.copies) },
              { name: t('serialsStats.col.loans'), data: head(rows).map((r) => r.loans ?? 0) },
            ],
          )
        : null,
  };
}

const magazine = statDef('magazine');
const newspaper = statDef('newspaper');
export const MagazineStatistics = () => <ReportScreen def={magazine} />;
export const NewspaperStatistics = () => <ReportScreen def={newspaper} />;
