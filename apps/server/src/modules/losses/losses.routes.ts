import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import {
  CardIdBody,
  CardListQuery,
  LedgerListQuery,
  LossBarcodeBody,
  LossListQuery,
  PayCompensationBody,
  RegisterLossBody,
  ReissueBody,
  RetrieveLossBody,
} from '@shuyuan/contracts/losses/loss';
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource } from '../../platform/resource/define.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { dayFilter } from '../reminders/day-filter.ts';
import { copyForLoss } from './copy-lookup.ts';
import { ledgerEntry, lossRecord } from './loss.table.ts';
import { ledgerDto, lossColumns, lossDto } from './losses.dto.ts';
import { payCompensation, registerLoss, retrieveLoss } from './losses.service.ts';
import { cardList, reissueCard, setCardLost } from './lost-cards.service.ts';
import { schoolTime } from '../reminders/school-time.ts';

/** Screens of the "Lost items" menu group (spec §2): permission codes = route paths. */
const CARDS = 'loss';
const REGISTER = 'loss-register';
const HANDLING = 'loss-handling';
const RECORDS = 'loss-record';
const FOUND = 'loss-found';
const ORDERS = 'loss-order-search';

const readerIs = (col: typeof lossRecord.readerId | typeof ledgerEntry.readerId, account?: string) =>
  account ? inArray(col, sql`(select ${appUser.id} from ${appUser} where ${appUser.account} = ${account})`) : undefined;

const lossFilters = (q: LossListQuery) => [
  q.state ? eq(lossRecord.state, q.state) : undefined,
  q.barcode ? eq(lossRecord.barcode, q.barcode) : undefined,
  q.orderNo ? eq(lossRecord.orderNo, q.orderNo) : undefined,
  readerIs(lossRecord.readerId, q.readerBarcode),
  q.SearchKey
    ? or(
        readerIs(lossRecord.readerId, q.SearchKey),
        sql`${lossRecord.title} ilike ${likePattern(q.SearchKey)}`,
        sql`${lossRecord.barcode} ilike ${likePattern(q.SearchKey)}`,
        sql`${lossRecord.orderNo} ilike ${likePattern(q.SearchKey)}`,
      )
    : undefined,
  ...dayFilter(lossRecord.registeredAt, lossRecord.schoolId, q.from, q.to),
];

export function lossesRoutes(app: FastifyInstance): void {
  const op = (ctx: Ctx<any>) => ctx.user?.userId ?? null;

  route(app, {
    url: `${P}/Loss/GetCopyForLoss`,
    access: REGISTER,
    schema: LossBarcodeBody,
    summary: 'A copy before registering it lost: title, state, borrower, suggested compensation',
    handler: ({ db, scope, body }) => copyForLoss(db, scope, body.barcode),
  });
  route(app, {
    url: `${P}/Loss/RegisterLoss`,
    access: opCode(REGISTER, 'add'),
    schema: RegisterLossBody,
    audit: 'loss.register',
    handler: (ctx) => registerLoss(ctx.db, ctx.scope, ctx.body, op(ctx)),
  });
  route(app, {
    url: `${P}/Loss/PayCompensation`,
    access: opCode(HANDLING, 'compensate'),
    schema: PayCompensationBody,
    audit: 'loss.compensate',
    handler: (ctx) => payCompensation(ctx.db, ctx.scope, ctx.body.id, ctx.body.payMethod, ctx.body.note, op(ctx)),
  });
  route(app, {
    url: `${P}/Loss/RetrieveLoss`,
    access: opCode(HANDLING, 'handle'),
    schema: RetrieveLossBody,
    audit: 'loss.retrieve',
    handler: (ctx) => retrieveLoss(ctx.db, ctx.scope, ctx.body, ctx.body.option, ctx.body.note, op(ctx)),
  });
  route(app, {
    url: `${P}/Loss/GetLossByBarcode`,
    access: FOUND,
    schema: LossBarcodeBody,
    handler: async (ctx) => {
      const [r] = await ctx.db
        .select()
        .from(lossRecord)
        .where(
          ctx.scope.where(
            lossRecord,
            eq(lossRecord.barcode, ctx.body.barcode),
            sql`${lossRecord.state} <> 'retrieved'`,
          ),
        )
        .limit(1);
      return r ? lossDto(r, ctx) : null;
    },
  });
  route(app, {
    url: `${P}/Loss/FoundLoss`,
    access: opCode(FOUND, 'retrieve'),
    schema: RetrieveLossBody,
    audit: 'loss.found',
    handler: (ctx) =>
      retrieveLoss(
        ctx.db,
        ctx.scope,
        { barcode: ctx.body.barcode, ids: ctx.body.ids, id: ctx.body.id },
        ctx.body.option,
        ctx.body.note,
        op(ctx),
      ),
  });

  const lossResource = (entity: string, permission: string, exportable: boolean) =>
    defineResource(app, {
      area: 'Loss',
      entity,
      table: lossRecord,
      permission,
      audit: `loss.${entity}`,
      contracts: { create: LossListQuery, update: LossListQuery, list: LossListQuery },
      routes: { add: false, update: false, delete: false },
      filters: lossFilters,
      orderBy: [desc(lossRecord.registeredAt), desc(lossRecord.id)],
      toDto: lossDto,
      export: exportable ? { fileNameKey: `losses.file.${entity}`, columns: lossColumns } : undefined,
    });
  lossResource('Loss', RECORDS, true);
  lossResource('LossHandling', HANDLING, false);
  lossResource('CompensationOrder', ORDERS, true);

  defineResource(app, {
    area: 'Loss',
    entity: 'LedgerEntry',
    table: ledgerEntry,
    permission: ORDERS,
    audit: 'loss.ledger',
    contracts: { create: LedgerListQuery, update: LedgerListQuery, list: LedgerListQuery },
    routes: { get: false, add: false, update: false, delete: false },
    search: [ledgerEntry.ref],
    filters: (q) => [
      q.kind ? eq(ledgerEntry.kind, q.kind) : undefined,
      readerIs(ledgerEntry.readerId, q.readerBarcode),
      ...dayFilter(ledgerEntry.createdAt, ledgerEntry.schoolId, q.from, q.to),
    ],
    orderBy: [desc(ledgerEntry.createdAt), desc(ledgerEntry.id)],
    toDto: ledgerDto,
    export: {
      fileNameKey: 'losses.file.ledger',
      columns: [
        { labelKey: 'losses.col.time', value: (d, _t, z) => schoolTime(d.createdAt, z.timeZone) },
        { labelKey: 'losses.col.kind', value: (d, t) => t(`losses.kind.${d.kind}`) },
        { labelKey: 'losses.col.amount', value: (d) => (d.amountFen / 100).toFixed(2) },
        { labelKey: 'losses.col.reader', value: (d) => (d.readerId ? `${d.readerName} (${d.readerAccount})` : '') },
        { labelKey: 'losses.col.orderNo', value: (d) => d.ref },
        { labelKey: 'losses.col.operator', value: (d) => d.operatorName },
      ],
    },
  });

  route(app, {
    url: `${P}/Loss/GetCardList`,
    access: CARDS,
    schema: CardListQuery,
    handler: ({ db, scope, body }) => cardList(db, scope, body),
  });
  route(app, {
    url: `${P}/Loss/ReportCardLost`,
    access: opCode(CARDS, 'handle'),
    schema: CardIdBody,
    audit: 'reader.cardLost',
    handler: ({ db, scope, body }) => setCardLost(db, scope, body.id, true),
  });
  route(app, {
    url: `${P}/Loss/CancelCardLost`,
    access: opCode(CARDS, 'cancel'),
    schema: CardIdBody,
    audit: 'reader.cardFound',
    handler: ({ db, scope, body }) => setCardLost(db, scope, body.id, false),
  });
  route(app, {
    url: `${P}/Loss/ReissueCard`,
    access: opCode(CARDS, 'handle'),
    schema: ReissueBody,
    audit: 'reader.reissueCard',
    handler: ({ db, scope, body, t }) => reissueCard(db, scope, t, body.id, body.cardRfid),
  });
}
