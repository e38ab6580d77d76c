import { P } from '@shuyuan/contracts/common/paths';
import { FineListQuery, PayFinesBody, ReaderFinesBody, WaiveFinesBody } from '@shuyuan/contracts/fines/fine';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission, type Principal } from '../../platform/principal.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { dayFilter } from '../reminders/day-filter.ts';
import { schoolTime } from '../reminders/school-time.ts';
import { fineDtos, finesOfReaderBarcode, payFines, waiveFines } from './fines.service.ts';
import { fine } from './loss.table.ts';

/** The desks where a reader's fines are shown, paid and waived: the lending desk and the return desk. */
const DESKS = ['surrency.borrow', 'return'];
/** The fines list and its export sit with the money reports (/loss-order-search). */
const ORDERS = 'loss-order-search';

/** The caller holds `verb` (or the screen itself when no verb) at one of the desks; 403 otherwise. */
function atDesk(user: Principal | null | undefined, verb?: string): void {
  if (!user || !DESKS.some((d) => hasPermission(user, verb ? `${d}:${verb}` : d))) throw forbidden();
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function finesRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Fine/GetReaderFines`,
    access: 'school',
    schema: ReaderFinesBody,
    summary: "A reader's overdue fines (unpaid first) with the unpaid total, at the lending or return desk",
    handler: ({ db, scope, body, user }) => {
      atDesk(user);
      return finesOfReaderBarcode(db, scope, body.readerBarcode, body.unpaidOnly);
    },
  });
  route(app, {
    url: `${P}/Fine/PayFines`,
    access: 'school',
    schema: PayFinesBody,
    audit: 'fine.pay',
    summary: "Pays a reader's unpaid fines in cash or from the deposit; answers the receipt",
    handler: ({ db, scope, body, user }) => {
      atDesk(user, 'fine');
      return payFines(db, scope, body, user?.userId ?? null);
    },
  });
  route(app, {
    url: `${P}/Fine/WaiveFines`,
    access: 'school',
    schema: WaiveFinesBody,
    audit: 'fine.waive',
    summary: "Waives a reader's unpaid fines with a reason (kept with the fines and in the operation log)",
    handler: ({ db, scope, body, user, auditDetail }) => {
      atDesk(user, 'waive');
      auditDetail.waiveReason = body.reason;
      return waiveFines(db, scope, body, user?.userId ?? null);
    },
  });

  defineResource(app, {
    area: 'Fine',
    entity: 'Fine',
    table: fine,
    permission: ORDERS,
    audit: 'fine.list',
    contracts: { create: FineListQuery, update: FineListQuery, list: FineListQuery },
    routes: { get: false, add: false, update: false, delete: false },
    search: [fine.fineNo, fine.barcode, fine.title],
    filters: (q) => [
      q.state ? eq(fine.state, q.state) : undefined,
      q.readerBarcode
        ? inArray(
            fine.readerId,
            sql`(select ${appUser.id} from ${appUser} where ${appUser.account} = ${q.readerBarcode})`,
          )
        : undefined,
      ...dayFilter(fine.createdAt, fine.schoolId, q.from, q.to),
    ],
    orderBy: [desc(fine.createdAt), desc(fine.id)],
    toDto: async (r, ctx) => (await fineDtos(ctx.db, [r]))[0],
    export: {
      fileNameKey: 'fines.file',
      columns: [
        { labelKey: 'fines.col.fineNo', value: (d) => d.fineNo },
        { labelKey: 'losses.col.reader', value: (d) => `${d.readerName} (${d.readerAccount})` },
        { labelKey: 'losses.col.barcode', value: (d) => d.barcode },
        { labelKey: 'losses.col.title', value: (d) => d.title },
        { labelKey: 'fines.col.dueDate', value: (d) => d.dueDate },
        { labelKey: 'fines.col.returnDay', value: (d) => d.returnDay },
        { labelKey: 'fines.col.overdueDays', value: (d) => d.overdueDays },
        { labelKey: 'fines.col.chargedDays', value: (d) => d.chargedDays },
        { labelKey: 'fines.col.dayAmount', value: (d) => yuan(d.dayFen) },
        { labelKey: 'losses.col.amount', value: (d) => yuan(d.amountFen) },
        { labelKey: 'losses.col.state', value: (d, t) => t(`fines.state.${d.state}`) },
        { labelKey: 'fines.col.settledAt', value: (d, _t, z) => schoolTime(d.settledAt, z.timeZone) },
        { labelKey: 'losses.col.operator', value: (d) => d.settledByName },
        { labelKey: 'fines.col.waiveReason', value: (d) => d.waiveReason },
      ],
    },
  });
}
