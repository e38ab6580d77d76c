import { P } from '@shuyuan/contracts/common/paths';
import { DrillLoansQuery } from '@shuyuan/contracts/statistics/filters';
import { SaveQuery, SavedQueryId } from '@shuyuan/contracts/statistics/custom-query';
import { LedgerBatchQuery, LedgerQuery } from '@shuyuan/contracts/statistics/ledgers';
import { StandardsQuery, StandardsSave } from '@shuyuan/contracts/statistics/standards';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { route } from '../../platform/route.ts';
import { DrillCopiesQuery, type DrillCopyDto } from '@shuyuan/contracts/statistics/reports';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { drillCopies, drillLoans } from './drill.service.ts';
import { startSheetExport } from './export.ts';
import { filterOptions } from './options.service.ts';
import { deleteQuery, listQueries, runSavedQuery, saveQuery } from './query.service.ts';
import { ledgerBatches } from './register.service.ts';
import { ledger } from './ledger.service.ts';
import { ledgerSheet } from './ledger.screens.ts';
import { sheetPdf } from './sheet-pdf.ts';
import { contentDisposition } from '../../platform/files/files.ts';
import { eq } from 'drizzle-orm';
import { school } from '../school/school.table.ts';
import { type Sheet, STAT_SCREENS } from './screens.ts';
import { saveStandards, standardsReport } from './standards.service.ts';

const S = `${P}/Statistics`;
/** Screens of the statistics and ledger groups whose filters read GetFilterOptions. */
export const STAT_SCREEN_CODES = [
  ...STAT_SCREENS.map((s) => s.code),
  'collection-statistic',
  'data-report.classify5',
  'classify22',
  'statistical-purchasing',
  'statistical-queries',
];

const REGISTER_CODES = ['singlebatch', 'copybatch', 'singlemultiple', 'copymultiple', 'store', 'ledger'];

function copySheet(list: DrillCopyDto[]): Sheet {
  return {
    titleKey: 'statistics.drill.copiesTitle',
    columns: ['barcode', 'title', 'callNo', 'classNo', 'location', 'acquiredAt', 'price'].map(
      (k) => `statistics.col.${k}`,
    ),
    rows: list.map((r) => [
      r.barcode,
      r.title,
      r.callNo,
      r.classNo,
      r.locationName,
      r.acquiredAt.slice(0, 10),
      r.valueFen == null ? '' : (r.valueFen / 100).toFixed(2),
    ]),
  };
}

function drillSheet(list: Awaited<ReturnType<typeof drillLoans>>['List']): Sheet {
  return {
    titleKey: 'statistics.drill.title',
    columns: [
      'barcode',
      'title',
      'callNo',
      'account',
      'reader',
      'grade',
      'class',
      'borrowedAt',
      'dueDate',
      'returnedAt',
    ].map((k) => `statistics.col.${k}`),
    rows: list.map((r) => [
      r.barcode,
      r.title,
      r.callNo,
      r.account,
      r.readerName,
      r.gradeName,
      r.className,
      r.borrowedAt.slice(0, 10),
      r.dueDate,
      r.returnedAt?.slice(0, 10) ?? '',
    ]),
  };
}

/**
 * Every statistics screen's endpoints, made from STAT_SCREENS: P/Statistics/<Action> (the report, permission =
 * the screen's code), P/Statistics/Export<Action> (xlsx job, `<code>:export`) and, for screens whose figures
 * are loans, P/Statistics/<Action>Loans and Export<Action>Loans (the loans behind a clicked figure).
 */
export function statisticsRoutes(app: FastifyInstance): void {
  // The report filters' choices: for anyone who may open one of the statistics screens.
  route(app, {
    url: `${S}/GetFilterOptions`,
    access: 'school',
    handler: ({ db, scope, user }) => {
      if (!user || !STAT_SCREEN_CODES.some((c) => hasPermission(user, c))) throw forbidden();
      return filterOptions(db, scope);
    },
  });
  // The batches a register is asked for: for anyone who may open one of the batch registers.
  route(app, {
    url: `${S}/LedgerBatches`,
    access: 'school',
    schema: LedgerBatchQuery,
    handler: ({ db, scope, user, body }) => {
      if (!user || !REGISTER_CODES.some((c) => hasPermission(user, c))) throw forbidden();
      return ledgerBatches(db, scope, body.key);
    },
  });
  // Saved custom queries of the school: listed and run from /statistical-queries and its result screen.
  const QUERY_CODES = ['statistical-queries', 'statistical-querie-table'];
  const mayQuery = (user: Parameters<typeof hasPermission>[0] | undefined) => {
    if (!user || !QUERY_CODES.some((c) => hasPermission(user, c))) throw forbidden();
  };
  route(app, {
    url: `${S}/GetQueryList`,
    access: 'school',
    handler: ({ db, scope, user }) => {
      mayQuery(user);
      return listQueries(db, scope);
    },
  });
  route(app, {
    url: `${S}/RunSavedQuery`,
    access: 'school',
    schema: SavedQueryId,
    handler: ({ db, scope, user, body, lang }) => {
      mayQuery(user);
      return runSavedQuery(db, scope, body.id, lang);
    },
  });
  route(app, {
    url: `${S}/SaveQuery`,
    access: 'statistical-queries:add',
    schema: SaveQuery,
    audit: 'statistics.query.save',
    handler: ({ db, scope, body, user }) => saveQuery(db, scope, body, user?.userId ?? null),
  });
  route(app, {
    url: `${S}/DeleteQuery`,
    access: 'statistical-queries:delete',
    schema: SavedQueryId,
    audit: 'statistics.query.delete',
    handler: ({ db, scope, body }) => deleteQuery(db, scope, body.id),
  });
  // The summary register printed by the server (A4 landscape, the register's columns, header on every page).
  route(app, {
    url: `${S}/LedgerPdf`,
    access: 'ledger',
    schema: LedgerQuery,
    raw: true,
    summary: 'The summary accession register of a period as a PDF',
    handler: async ({ db, scope, body, t, reply }) => {
      const d = await ledger(db, scope, body);
      const sheet = ledgerSheet(d, t);
      const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, scope.schoolId));
      const title = t('statistics.screen.ledger');
      const pdf = await sheetPdf(
        { columns: sheet.columns.map((c) => t(c)), rows: sheet.rows },
        {
          title,
          subtitle: [`${s?.name ?? ''}  ${t('statistics.period')}: ${d.period.from} ~ ${d.period.to}`],
          widths: [1.15, 1, 1.3, 0.9, 1, 0.7, 0.75, 1, 0.75, 1, 0.7, 0.7, 0.7, 0.7, 0.7, 0.7, 0.85, 1.1],
          bold: (i) => i === 0 || i === sheet.rows.length - 1,
          pageLabel: (n, m) => t('statistics.pdf.page', { n, m }),
          footer: t('statistics.pdf.signatures'),
        },
      );
      reply.header('content-type', 'application/pdf');
      reply.header('content-disposition', contentDisposition(`${title}-${d.period.from}-${d.period.to}.pdf`));
      return reply.send(pdf);
    },
  });
  // The standards report sits on the collection statistics screen; its figures are edited there.
  route(app, {
    url: `${S}/Standards`,
    access: 'collection-statistic',
    schema: StandardsQuery,
    handler: ({ db, scope, body }) => standardsReport(db, scope, body),
  });
  route(app, {
    url: `${S}/SaveStandards`,
    access: 'collection-statistic:edit',
    schema: StandardsSave,
    audit: 'statistics.standards',
    handler: ({ db, scope, body }) => saveStandards(db, scope, body),
  });
  for (const s of STAT_SCREENS) {
    route(app, {
      url: `${S}/${s.action}`,
      access: s.code,
      schema: s.schema,
      handler: ({ db, scope, body, lang }) => s.run(db, scope, body, lang),
    });
    route(app, {
      url: `${S}/Export${s.action}`,
      access: `${s.code}:export`,
      schema: s.schema,
      audit: 'statistics.export',
      handler: async (ctx) => {
        const q = ctx.body as Record<string, unknown>;
        const run = (extra: object) => s.run(app.database.db, ctx.scope, { ...q, ...extra }, ctx.lang);
        const t = ctx.t;
        const total = s.paged ? (await run({ Page: 1, Rows: 1 })).Total : 0;
        return startSheetExport(app, ctx, {
          titleKey: `statistics.screen.${s.code}`,
          operationType: `export.statistics.${s.code}`,
          total,
          paged: !!s.paged,
          page: async (n, size) => {
            const data = await run(s.paged ? { Page: n, Rows: size } : {});
            return { sheets: s.sheets(data, t), period: data.period };
          },
        });
      },
    });
    if (s.drill) drillRoutes(app, s, 'Loans', DrillLoansQuery, drillLoans, drillSheet, 'statistics.drill.title');
    if (s.copies)
      drillRoutes(app, s, 'Copies', DrillCopiesQuery, drillCopies, copySheet, 'statistics.drill.copiesTitle');
  }
}

/**
 * P/Statistics/<action><what> (what is behind a clicked figure: its loans or its held copies, a page of them) and
 * Export<action><what> (all of them, an xlsx job, `<code>:export`).
 */
function drillRoutes<Q extends { Page: number; Rows: number }, R>(
  app: FastifyInstance,
  s: (typeof STAT_SCREENS)[number],
  what: 'Loans' | 'Copies',
  schema: z.ZodType<Q>,
  list: (db: Db, scope: Scope, q: Q, page: { Page: number; Rows: number }) => Promise<{ List: R[]; Total: number }>,
  sheet: (rows: R[]) => Sheet,
  titleKey: string,
) {
  route(app, {
    url: `${S}/${s.action}${what}`,
    access: s.code,
    schema,
    handler: ({ db, scope, body }) => list(db, scope, body as Q, body as Q),
  });
  route(app, {
    url: `${S}/Export${s.action}${what}`,
    access: `${s.code}:export`,
    schema,
    audit: 'statistics.export',
    handler: async (ctx) => {
      const q = ctx.body as Q;
      const db = app.database.db;
      const { Total } = await list(db, ctx.scope, q, { Page: 1, Rows: 1 });
      return startSheetExport(app, ctx, {
        titleKey,
        operationType: `export.statistics.${s.code}.${what.toLowerCase()}`,
        total: Total,
        paged: true,
        page: async (n, size) => ({ sheets: [sheet((await list(db, ctx.scope, q, { Page: n, Rows: size })).List)] }),
      });
    },
  });
}
