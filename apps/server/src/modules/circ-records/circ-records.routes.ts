import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  ConvertLoanBody,
  ItemHistoryQuery,
  LoanFilters,
  LoanIdBody,
  ItemHistoryFilters,
  LoanListQuery,
  OverdueReviewBody,
  PickQuery,
  ReaderHistoryFilters,
  ReaderHistoryQuery,
  ReturnLoanBody,
  WeedLoanBody,
} from '@shuyuan/contracts/circ-records/records';
import { and, eq } from 'drizzle-orm';
import { forbidden, fail, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { convertToLost, convertToReturned, convertToWeeding, reviewOverdue } from './conversions.service.ts';
import { conversionRoutes } from './conversions.routes.ts';
import { parentRoutes } from './parents.routes.ts';
import { startLoanExport } from './records.export.ts';
import { pickReaders, pickRecords } from './pick.query.ts';
import { getLoan, listLoans } from './records.query.ts';

/** Permission codes of the record screens (menu groups-collection.ts). */
export const SCREENS = {
  records: 'br-records',
  detail: 'search-records',
  noReturn: 'no-return',
  itemHistory: 'books-borrow-history',
  readerHistory: 'readers-borrow-history',
  return: 'return',
  weeding: 'weeding',
  lossRegister: 'loss-register',
} as const;

/** The caller holds at least one of `codes` (a list both /br-records and /search-records serve). */
function needAny(user: Ctx<any>['user'], codes: string[]): void {
  if (!user || !codes.some((c) => hasPermission(user, c))) throw forbidden();
}

/** A reader of the caller's school by barcode (account) or id. */
async function readerId(ctx: Ctx<any>, q: { readerBarcode?: string; readerId?: number }): Promise<number> {
  const [r] = await ctx.db
    .select({ id: appUser.id })
    .from(appUser)
    .where(
      ctx.scope.where(appUser, q.readerId ? eq(appUser.id, q.readerId) : eq(appUser.account, q.readerBarcode ?? '')),
    )
    .limit(1);
  if (!r) throw fail('READER_NOT_FOUND', 'circRecords.history.readerNotFound');
  return r.id;
}

/** A copy of the caller's school by barcode. */
async function copyId(ctx: Ctx<any>, barcode: string): Promise<number> {
  const [c] = await ctx.db
    .select({ id: copy.id })
    .from(copy)
    .where(ctx.scope.where(copy, and(eq(copy.barcode, barcode))))
    .limit(1);
  if (!c) throw fail('COPY_NOT_FOUND', 'circRecords.history.copyNotFound');
  return c.id;
}

export function circRecordsRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Circulation/GetCircRecord`,
    access: 'school',
    schema: LoanListQuery,
    summary: 'Loan records (/br-records, /search-records): filters reader, class, grade, barcode, title, dates, state',
    handler: ({ db, scope, body, user }) => {
      needAny(user, [SCREENS.records, SCREENS.detail]);
      return listLoans(db, scope, body, body);
    },
  });

  route(app, {
    url: `${P}/downloadV2/circrecord`,
    access: 'school',
    schema: LoanFilters,
    audit: 'circRecord.export',
    summary: 'Export the loan records of the current filters (background xlsx job; /br-records, /search-records)',
    handler: (ctx) => {
      needAny(ctx.user, [opCode(SCREENS.records, 'export'), opCode(SCREENS.detail, 'export')]);
      return startLoanExport(app, ctx, ctx.body, 'circRecords.file.records');
    },
  });

  route(app, {
    url: `${P}/CircRecords/GetLoanRecord`,
    access: SCREENS.detail,
    schema: LoanIdBody,
    summary: 'One loan record with copy, reader, operators and conversion (/search-records)',
    handler: async ({ db, scope, body }) => (await getLoan(db, scope, body.id)) ?? Promise.reject(notFound()),
  });

  route(app, {
    url: `${P}/CircRecords/GetNoReturnList`,
    access: SCREENS.noReturn,
    schema: LoanListQuery,
    summary: 'Items on loan (/no-return): open loans, or overdue ones with days overdue',
    handler: ({ db, scope, body }) =>
      listLoans(db, scope, { ...body, state: body.state === 'overdue' ? 'overdue' : 'open' }, body),
  });

  route(app, {
    url: `${P}/CircRecords/ExportNoReturn`,
    access: opCode(SCREENS.noReturn, 'export'),
    schema: LoanFilters,
    audit: 'circRecord.exportNoReturn',
    handler: (ctx) =>
      startLoanExport(
        app,
        ctx,
        { ...ctx.body, state: ctx.body.state === 'overdue' ? 'overdue' : 'open' },
        'circRecords.file.noReturn',
      ),
  });

  route(app, {
    url: `${P}/CircRecords/GetItemHistory`,
    access: SCREENS.itemHistory,
    schema: ItemHistoryQuery,
    summary: 'Loan history of a copy (barcode) or of every copy of a record (/books-borrow-history)',
    handler: async (ctx) => {
      const q = ctx.body;
      const f = q.barcode ? { copyId: await copyId(ctx, q.barcode) } : { recordId: q.recordId };
      return listLoans(ctx.db, ctx.scope, f, q);
    },
  });

  route(app, {
    url: `${P}/CircRecords/ExportItemHistory`,
    access: opCode(SCREENS.itemHistory, 'export'),
    schema: ItemHistoryFilters,
    audit: 'circRecord.exportItemHistory',
    summary: 'Export the loan history of a copy or a record (background xlsx job)',
    handler: async (ctx) => {
      const q = ctx.body;
      const f = q.barcode ? { copyId: await copyId(ctx, q.barcode) } : { recordId: q.recordId };
      return startLoanExport(app, ctx, f, 'circRecords.file.itemHistory');
    },
  });

  route(app, {
    url: `${P}/CircRecords/ExportReaderHistory`,
    access: opCode(SCREENS.readerHistory, 'export'),
    schema: ReaderHistoryFilters,
    audit: 'circRecord.exportReaderHistory',
    summary: "Export a reader's loan history (background xlsx job)",
    handler: async (ctx) =>
      startLoanExport(
        app,
        ctx,
        { readerId: await readerId(ctx, ctx.body), state: ctx.body.state },
        'circRecords.file.readerHistory',
      ),
  });

  // Partial input on the history screens: pick the record by part of its title, the reader by part of the name.
  route(app, {
    url: `${P}/CircRecords/PickRecords`,
    access: SCREENS.itemHistory,
    schema: PickQuery,
    summary: 'Records whose title contains the key, or that hold a copy with that barcode (20 at most)',
    handler: ({ db, scope, body }) => pickRecords(db, scope, body.key),
  });

  route(app, {
    url: `${P}/CircRecords/PickReaders`,
    access: SCREENS.readerHistory,
    schema: PickQuery,
    summary: 'Readers whose name or account contains the key (20 at most)',
    handler: ({ db, scope, body }) => pickReaders(db, scope, body.key),
  });

  route(app, {
    url: `${P}/Circulation/GetBorrowHistory`,
    access: SCREENS.readerHistory,
    schema: ReaderHistoryQuery,
    summary: "A reader's loan history (/readers-borrow-history)",
    handler: async (ctx) =>
      listLoans(ctx.db, ctx.scope, { readerId: await readerId(ctx, ctx.body), state: ctx.body.state }, ctx.body),
  });

  // Conversions of a loaned item (spec §4): to return, or to weeding; "to lost" is the loss registration screen's.
  route(app, {
    url: `${P}/Circulation/LiteratureReviews`,
    access: opCode(SCREENS.return, 'return'),
    schema: ReturnLoanBody,
    audit: 'loan.convertReturned',
    summary: 'Convert an open loan to returned (with a reason)',
    handler: ({ db, scope, body, user }) => convertToReturned(db, scope, body.id, body.reason, user?.userId ?? null),
  });

  route(app, {
    url: `${P}/Circulation/BorrowingBookWeeding`,
    access: opCode(SCREENS.weeding, 'weed'),
    schema: WeedLoanBody,
    audit: 'loan.convertWeeding',
    summary: 'Convert an open loan to weeding: loan closed, copy to store 3 (weeded), reason kept',
    handler: ({ db, scope, body, user }) => convertToWeeding(db, scope, body.id, body.reason, user?.userId ?? null),
  });

  route(app, {
    url: `${P}/Circulation/BorrowingBookReviews`,
    access: SCREENS.records,
    schema: ConvertLoanBody,
    audit: 'loan.convert',
    summary:
      'Convert an open loan: to returned (return:return), to lost (loss-register:add, compensation) or to weeding (weeding:weed, reason)',
    handler: async ({ db, scope, body, user }) => {
      const operatorId = user?.userId ?? null;
      if (body.to === 'returned') {
        if (!user || !hasPermission(user, opCode(SCREENS.return, 'return'))) throw forbidden();
        return convertToReturned(db, scope, body.id, body.reason, operatorId);
      }
      if (body.to === 'lost') {
        if (!user || !hasPermission(user, opCode(SCREENS.lossRegister, 'add'))) throw forbidden();
        return convertToLost(
          db,
          scope,
          body.id,
          { reason: body.reason, compensationFen: body.compensationFen ?? 0 },
          operatorId,
        );
      }
      if (!user || !hasPermission(user, opCode(SCREENS.weeding, 'weed'))) throw forbidden();
      return convertToWeeding(db, scope, body.id, body.reason, operatorId);
    },
  });

  // The review step of overdue mode "single processing" (spec §4 Processing: pending, processed, abandoned).
  route(app, {
    url: `${P}/Circulation/OverdueReviews`,
    access: opCode(SCREENS.noReturn, 'handle'),
    schema: OverdueReviewBody,
    audit: 'loan.overdueReview',
    summary: 'Review overdue loans: pending, processed (no longer blocks borrowing under single processing), abandoned',
    handler: ({ db, scope, body, user }) => reviewOverdue(db, scope, body, user?.userId ?? null),
  });

  conversionRoutes(app);
  parentRoutes(app);
}
