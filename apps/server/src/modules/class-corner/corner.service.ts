import type { CornerBookDto, CornerItemResult, CornerLendBody } from '@shuyuan/contracts/class-corner/corner';
import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { BizError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Ctx } from '../../platform/route.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { borrowItem } from '../circulation/borrow.service.ts';
import { returnItem } from '../circulation/circulation.service.ts';
import { loan } from '../circulation/circulation.table.ts';
import type { Corner } from './corner.access.ts';

/** The corner's books (copies at its location) with the current borrower; SearchKey on title, author, barcode. */
export async function cornerBooks(
  ctx: Ctx<any>,
  c: Corner,
  q: { Page: number; Rows: number; SearchKey?: string; circState?: string },
) {
  const p = q.SearchKey ? likePattern(q.SearchKey) : undefined;
  const where = ctx.scope.where(
    copy,
    eq(copy.locationId, c.locationId),
    q.circState ? eq(copy.circState, q.circState) : undefined,
    p ? or(ilike(catalogueRecord.title, p), ilike(catalogueRecord.author, p), ilike(copy.barcode, p)) : undefined,
  );
  const base = () =>
    ctx.db
      .select({
        copyId: copy.id,
        barcode: copy.barcode,
        title: catalogueRecord.title,
        author: catalogueRecord.author,
        callNo: copy.callNo,
        circState: copy.circState,
        readerId: appUser.id,
        readerName: appUser.name,
        account: appUser.account,
        dueDate: loan.dueDate,
      })
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .leftJoin(loan, and(eq(loan.copyId, copy.id), isNull(loan.returnedAt)))
      .leftJoin(appUser, eq(appUser.id, loan.userId))
      .where(where)
      .$dynamic();
  const [{ n }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(where);
  const rows = await base()
    .orderBy(asc(catalogueRecord.title), asc(copy.barcode))
    .limit(q.Rows)
    .offset((q.Page - 1) * q.Rows);
  const List: CornerBookDto[] = rows.map((r) => ({
    copyId: r.copyId,
    barcode: r.barcode,
    title: r.title,
    author: r.author,
    callNo: r.callNo,
    circState: r.circState,
    borrower: r.readerId ? { id: r.readerId, name: r.readerName!, account: r.account!, dueDate: r.dueDate! } : null,
  }));
  return { List, Total: Number(n) };
}

/** Students of the corner's class, with how many books each has out now. */
export async function cornerStudents(ctx: Ctx<any>, c: Corner) {
  const rows = await ctx.db
    .select({
      id: appUser.id,
      account: appUser.account,
      name: appUser.name,
      state: appUser.state,
      open: sql<number>`count(${loan.id})::int`,
    })
    .from(appUser)
    .leftJoin(loan, and(eq(loan.userId, appUser.id), isNull(loan.returnedAt)))
    .where(ctx.scope.where(appUser, eq(appUser.classId, c.classId), sql`${appUser.identity} <> 'staff'`))
    .groupBy(appUser.id, appUser.account, appUser.name, appUser.state)
    .orderBy(asc(appUser.account));
  return rows.map((r) => ({ ...r, open: Number(r.open) }));
}

function refusal(ctx: Ctx<any>, barcode: string, e: unknown): CornerItemResult {
  if (!(e instanceof BizError)) throw e;
  return { barcode, ok: false, errorCode: e.errorCode, msg: ctx.t(e.msgKey, e.params) };
}

/** Where a copy of this school is (for the corner check); undefined when the barcode is unknown. */
async function copyLocation(ctx: Ctx<any>, barcode: string) {
  const [r] = await ctx.db
    .select({ locationId: copy.locationId })
    .from(copy)
    .where(ctx.scope.where(copy, eq(copy.barcode, barcode)))
    .limit(1);
  return r;
}

/**
 * Lends corner books to students of the class (one pair = one loan; a class set = many pairs). Each item is
 * the desk's borrow command in its own transaction (all the desk's rules apply: limits, ranges, overdue
 * mode); besides, the copy must be at the corner and the reader in the corner's class.
 */
export async function cornerLend(
  ctx: Ctx<any>,
  c: Corner,
  items: CornerLendBody['items'],
): Promise<CornerItemResult[]> {
  const students = new Map((await cornerStudents(ctx, c)).map((s) => [s.id, s]));
  const out: CornerItemResult[] = [];
  for (const it of items) {
    const student = students.get(it.readerId);
    if (!student) {
      out.push({
        barcode: it.barcode,
        ok: false,
        errorCode: 'NOT_IN_CLASS',
        msg: ctx.t('classCorner.lend.notInClass'),
      });
      continue;
    }
    const loc = await copyLocation(ctx, it.barcode);
    if (loc && loc.locationId !== c.locationId) {
      out.push({
        barcode: it.barcode,
        ok: false,
        errorCode: 'NOT_IN_CORNER',
        msg: ctx.t('classCorner.lend.notInCorner'),
      });
      continue;
    }
    try {
      const r = await borrowItem(ctx.db, ctx.scope, {
        readerId: it.readerId,
        barcode: it.barcode,
        operatorId: ctx.user?.userId ?? null,
        via: 'batch',
      });
      out.push({ barcode: r.barcode, ok: true, readerName: r.reader.name, title: r.title, dueDate: r.dueDate });
    } catch (e) {
      out.push({ ...refusal(ctx, it.barcode, e), readerName: student.name });
    }
  }
  return out;
}

/** Takes corner books back (the desk's return command per copy); copies of other locations are refused. */
export async function cornerReturn(ctx: Ctx<any>, c: Corner, barcodes: string[]): Promise<CornerItemResult[]> {
  const out: CornerItemResult[] = [];
  for (const barcode of barcodes) {
    const loc = await copyLocation(ctx, barcode);
    if (loc && loc.locationId !== c.locationId) {
      out.push({ barcode, ok: false, errorCode: 'NOT_IN_CORNER', msg: ctx.t('classCorner.lend.notInCorner') });
      continue;
    }
    try {
      const r = await returnItem(ctx.db, ctx.scope, { barcode, operatorId: ctx.user?.userId ?? null });
      out.push({ barcode: r.barcode, ok: true, readerName: r.reader.name, title: r.title, overdueDays: r.overdueDays });
    } catch (e) {
      out.push(refusal(ctx, barcode, e));
    }
  }
  return out;
}
