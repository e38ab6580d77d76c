import { QueryDefinition, type QueryResult } from '@shuyuan/contracts/statistics/custom-query';
import { runQuery } from './query.service.ts';
import type { StatScreen } from './screens.ts';

/** A measure's cell in the sheet: value in yuan, counts as they are. */
const cell = (m: string, v: number) => (m === 'value' ? (v / 100).toFixed(2) : v);

/** /statistical-queries: P/Statistics/Query runs a definition, ExportQuery writes its table. */
export const QUERY_SCREEN: StatScreen = {
  code: 'statistical-queries',
  action: 'Query',
  schema: QueryDefinition,
  run: runQuery,
  sheets: (d: QueryResult, t) => [
    {
      titleKey: 'statistics.screen.statistical-queries',
      columns: [
        ...d.dimensions.map((x) => `statistics.query.dim.${x}`),
        ...d.measures.map((m) => `statistics.query.measure.${m}`),
      ],
      rows: [
        ...d.List.map((r) => [...r.names, ...d.measures.map((m) => cell(m, r.values[m]))]),
        [
          t('statistics.col.total'),
          ...d.dimensions.slice(1).map(() => ''),
          ...d.measures.map((m) => cell(m, d.total[m])),
        ],
      ],
    },
  ],
};
