import { P } from '@shuyuan/contracts/common/paths';
import {
  PointAdjustBody,
  PointBalanceQuery,
  type PointBalanceRow,
  PointRecordQuery,
  type PointRecordRow,
  PointRuleSave,
} from '@shuyuan/contracts/points/points';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/route.ts';
import { type Column, exportXlsx } from '../stocktake/xlsx-job.ts';
import {
  adjustPoints,
  balanceRows,
  listBalances,
  listRecords,
  listRules,
  recordRows,
  saveRule,
} from './points.service.ts';

const A = `${P}/Points`;
const RULES = 'integral-rules';
const POINTS = 'integral-point';
const RECORDS = 'integral-record';

const balanceColumns: Column<PointBalanceRow>[] = [
  { labelKey: 'points.col.account', value: (r) => r.account },
  { labelKey: 'points.col.name', value: (r) => r.name },
  { labelKey: 'points.col.grade', value: (r) => r.gradeName ?? '' },
  { labelKey: 'points.col.class', value: (r) => r.className ?? '' },
  { labelKey: 'points.col.balance', value: (r) => r.balance, width: 12 },
  { labelKey: 'points.col.classRank', value: (r) => r.classRank ?? '', width: 12 },
  { labelKey: 'points.col.gradeRank', value: (r) => r.gradeRank ?? '', width: 12 },
];

const recordColumns: Column<PointRecordRow>[] = [
  { labelKey: 'points.col.day', value: (r) => r.day, width: 12 },
  { labelKey: 'points.col.account', value: (r) => r.account },
  { labelKey: 'points.col.name', value: (r) => r.name },
  { labelKey: 'points.col.class', value: (r) => r.className ?? '' },
  { labelKey: 'points.col.event', value: (r, t) => t(`points.event.${r.event}`) },
  { labelKey: 'points.col.points', value: (r) => r.points, width: 10 },
  { labelKey: 'points.col.balanceAfter', value: (r) => r.balanceAfter, width: 12 },
  { labelKey: 'points.col.note', value: (r) => r.note, width: 30 },
  { labelKey: 'points.col.operator', value: (r) => r.operatorName ?? '' },
];

/** /integral-rules, /integral-point (balances, ranks, manual adjustment, export), /integral-record (ledger). */
export function pointsRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${A}/GetRuleList`,
    access: RULES,
    schema: z.object({}),
    summary: "The school's rule for every point event (saved or default)",
    handler: ({ db, scope }) => listRules(db, scope),
  });
  route(app, {
    url: `${A}/SaveRule`,
    access: `${RULES}:edit`,
    schema: PointRuleSave,
    audit: 'points.rule',
    handler: ({ db, scope, body }) => saveRule(db, scope, body),
  });
  route(app, {
    url: `${A}/GetBalanceList`,
    access: POINTS,
    schema: PointBalanceQuery,
    summary: 'Readers with their balance and rank in class and grade',
    handler: ({ db, scope, body }) => listBalances(db, scope, body),
  });
  route(app, {
    url: `${A}/Adjust`,
    access: `${POINTS}:edit`,
    schema: PointAdjustBody,
    audit: 'points.adjust',
    summary: 'Manual adjustment (+/−) with a required reason',
    handler: (ctx) => adjustPoints(ctx.db, ctx.scope, ctx.body, ctx.user?.userId ?? null, ctx.audit),
  });
  route(app, {
    url: `${A}/ExportBalances`,
    access: `${POINTS}:export`,
    schema: PointBalanceQuery,
    audit: 'points.exportBalances',
    summary: 'The balances as xlsx (background task)',
    handler: (ctx) =>
      exportXlsx(app, ctx, {
        operationType: `export.${POINTS}`,
        title: ctx.t('points.file.balances'),
        columns: balanceColumns,
        rows: () => balanceRows(ctx.db, ctx.scope, ctx.body),
      }),
  });
  route(app, {
    url: `${A}/GetRecordList`,
    access: RECORDS,
    schema: PointRecordQuery,
    summary: 'The points ledger (filters: reader, class, event, dates)',
    handler: ({ db, scope, body }) => listRecords(db, scope, body),
  });
  route(app, {
    url: `${A}/ExportRecords`,
    access: `${RECORDS}:export`,
    schema: PointRecordQuery,
    audit: 'points.exportRecords',
    summary: 'The ledger as xlsx (background task)',
    handler: (ctx) =>
      exportXlsx(app, ctx, {
        operationType: `export.${RECORDS}`,
        title: ctx.t('points.file.records'),
        columns: recordColumns,
        rows: () => recordRows(ctx.db, ctx.scope, ctx.body),
      }),
  });
}
