import {
  CORNER_SCREENS as S,
  CornerStatsQuery,
  type CornerUseRow,
  type RankRow,
} from '@shuyuan/contracts/class-corner/corner';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { type Column, exportXlsx } from '../stocktake/xlsx-job.ts';
import { bookRank, classRank, cornerUse, studentRank } from './corner.stats.ts';

const C = `${P}/ClassCorner`;

const rankColumns = (nameKey: string, detailKey: string): Column<RankRow>[] => [
  { labelKey: 'classCorner.export.rank', value: (r) => r.rank, width: 8 },
  { labelKey: nameKey, value: (r) => r.name, width: 36 },
  { labelKey: detailKey, value: (r) => r.detail ?? '', width: 24 },
  { labelKey: 'classCorner.export.loans', value: (r) => r.loans, width: 12 },
];

const useColumns: Column<CornerUseRow>[] = [
  { labelKey: 'classCorner.export.corner', value: (r) => r.cornerName, width: 24 },
  { labelKey: 'classCorner.corner.class', value: (r) => r.className ?? '' },
  { labelKey: 'classCorner.export.copies', value: (r) => r.copies, width: 12 },
  { labelKey: 'classCorner.export.onLoan', value: (r) => r.onLoan, width: 12 },
  { labelKey: 'classCorner.export.loans', value: (r) => r.loans, width: 12 },
  { labelKey: 'classCorner.export.borrowers', value: (r) => r.borrowers, width: 12 },
  { labelKey: 'classCorner.export.students', value: (r) => r.students, width: 12 },
  {
    labelKey: 'classCorner.export.rate',
    value: (r) => (r.students ? `${Math.round((r.borrowers / r.students) * 100)}%` : ''),
    width: 12,
  },
];

/** The four statistics screens, each exported as the table it shows (same period, same filters). */
const EXPORTS = [
  { name: 'ExportCornerUse', code: S.use, titleKey: 'classCorner.export.use', run: cornerUse, columns: useColumns },
  {
    name: 'ExportBookRank',
    code: S.bookRank,
    titleKey: 'classCorner.export.bookRank',
    run: bookRank,
    columns: rankColumns('classCorner.export.title', 'classCorner.export.author'),
  },
  {
    name: 'ExportClassRank',
    code: S.classRank,
    titleKey: 'classCorner.export.classRank',
    run: classRank,
    columns: rankColumns('classCorner.corner.class', 'classCorner.export.grade'),
  },
  {
    name: 'ExportStudentRank',
    code: S.studentRank,
    titleKey: 'classCorner.export.studentRank',
    run: studentRank,
    columns: rankColumns('classCorner.export.student', 'classCorner.corner.class'),
  },
] as const;

/**
 * P/ClassCorner/Export…: the statistics of /class-bookuse, /class-bookrank, /class-classrank and
 * /class-studentrank as xlsx, written by a background task the download panel follows. Needs `<screen>:export`.
 * The rows are computed when asked (the period is the one on screen), the file in the task.
 */
export function cornerExportRoutes(app: FastifyInstance): void {
  for (const e of EXPORTS) {
    route(app, {
      url: `${C}/${e.name}`,
      access: 'school',
      schema: CornerStatsQuery,
      audit: 'classCorner.export',
      summary: `Export /${e.code} as xlsx (${e.code}:export; background task)`,
      handler: async (ctx: Ctx<CornerStatsQuery>) => {
        if (!ctx.user || !hasPermission(ctx.user, `${e.code}:export`)) throw forbidden();
        const data = await e.run(ctx, ctx.body);
        // File names take letters, digits, spaces and ._()- only.
        const title = `${ctx.t(e.titleKey)} ${data.from}_${data.to}`;
        return exportXlsx<any>(app, ctx, {
          operationType: `export.${e.code}`,
          title,
          columns: e.columns as Column<any>[],
          rows: async () => data.List,
        });
      },
    });
  }
}
