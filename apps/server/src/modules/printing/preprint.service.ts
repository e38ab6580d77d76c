import { randomBytes } from 'node:crypto';
import { formatBarcode, validateBarcode } from '@shuyuan/contracts/printing/barcode';
import type { PreprintRangeDto, PreprintRangeSave } from '@shuyuan/contracts/printing/print-api';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset } from '../../platform/envelope.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { school } from '../school/school.table.ts';
import { getBarcodeRule } from './barcode-rules.service.ts';
import { preprintRange } from './printing.table.ts';

type Row = typeof preprintRange.$inferSelect;
type Tr = (key: string, params?: Record<string, unknown>) => string;

const fmt = (r: Row, seq: number) => formatBarcode(r.prefix, seq, r.width, r.checkDigit);

/**
 * Copies whose barcode lies in the range: same prefix, a numeric body of the range's width (+ check digit)
 * whose sequence is between start and end. Counted in SQL so a 5000-code range costs one query.
 */
function usedCondition(r: Pick<Row, 'prefix' | 'width' | 'checkDigit' | 'startSeq' | 'endSeq'>) {
  const check = r.checkDigit ? 1 : 0;
  const p = r.prefix.length;
  const body = r.width > 0 ? `[0-9]{${r.width + check}}` : `[0-9]{${1 + check},}`;
  const seq = sql`substring(${copy.barcode} from ${p + 1} for char_length(${copy.barcode}) - ${p + check})::numeric`;
  return and(sql`${copy.barcode} ~ ${`^${r.prefix}${body}$`}`, sql`${seq} between ${r.startSeq} and ${r.endSeq}`);
}

async function usedCount(db: Db, scope: Scope, r: Row): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(copy)
    .where(scope.where(copy, usedCondition(r)));
  return n;
}

async function toDto(db: Db, scope: Scope, r: Row): Promise<PreprintRangeDto> {
  return {
    id: r.id,
    prefix: r.prefix,
    start: r.startSeq,
    end: r.endSeq,
    width: r.width,
    checkDigit: r.checkDigit,
    remark: r.remark,
    copies: r.endSeq - r.startSeq + 1,
    used: await usedCount(db, scope, r),
    first: fmt(r, r.startSeq),
    last: fmt(r, r.endSeq),
    printedCount: r.printedCount,
    printedAt: r.printedAt?.toISOString() ?? null,
    viewToken: r.viewToken,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listRanges(db: Db, scope: Scope, q: { Page: number; Rows: number; SearchKey?: string }) {
  const key = q.SearchKey ? `%${q.SearchKey.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = scope.where(
    preprintRange,
    key ? or(ilike(preprintRange.prefix, key), ilike(preprintRange.remark, key)) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(preprintRange).where(where);
  const rows = await db
    .select()
    .from(preprintRange)
    .where(where)
    .orderBy(desc(preprintRange.id))
    .offset(pageOffset(q))
    .limit(q.Rows);
  const list: PreprintRangeDto[] = [];
  for (const r of rows) list.push(await toDto(db, scope, r));
  return { List: list, Total: n };
}

/** Saved ranges of the same prefix that share sequence numbers with [start, end]. */
async function overlapping(db: Db, scope: Scope, input: PreprintRangeSave, exceptId?: number) {
  return db
    .select()
    .from(preprintRange)
    .where(
      scope.where(
        preprintRange,
        eq(preprintRange.prefix, input.prefix),
        lte(preprintRange.startSeq, input.end),
        gte(preprintRange.endSeq, input.start),
        exceptId ? sql`${preprintRange.id} <> ${exceptId}` : undefined,
      ),
    );
}

/**
 * What saving a range would do, for the form: the first and last barcodes, the overlap warning, copies already
 * using barcodes of it, and whether the barcodes follow the school's book barcode rule.
 */
export async function checkRange(db: Db, scope: Scope, input: PreprintRangeSave, t: Tr) {
  const first = formatBarcode(input.prefix, input.start, input.width, input.checkDigit);
  const last = formatBarcode(input.prefix, input.end, input.width, input.checkDigit);
  const rule = await getBarcodeRule(db, scope, 'book');
  const ruleCheck = rule ? [validateBarcode(first, rule), validateBarcode(last, rule)].find((c) => !c.ok) : undefined;
  const overlaps = await overlapping(db, scope, input);
  const [{ n: used }] = await db
    .select({ n: count() })
    .from(copy)
    .where(scope.where(copy, usedCondition({ ...input, startSeq: input.start, endSeq: input.end })));
  return {
    first,
    last,
    copies: input.end - input.start + 1,
    used,
    overlap: overlaps.length
      ? t('printing.range.overlap', {
          ranges: overlaps.map((o) => `${fmt(o, o.startSeq)}–${fmt(o, o.endSeq)}`).join(', '),
        })
      : '',
    ruleMessage:
      ruleCheck && !ruleCheck.ok
        ? t('printing.range.ruleMismatch', { message: t(ruleCheck.key, ruleCheck.params) })
        : '',
  };
}

/** Saves a new range. Overlaps are a warning (answered, not refused): reprinting damaged labels is normal. */
export async function addRange(db: Db, scope: Scope, input: PreprintRangeSave, userId: number | null, t: Tr) {
  const check = await checkRange(db, scope, input, t);
  const [row] = await db
    .insert(preprintRange)
    .values(
      scope.values({
        prefix: input.prefix,
        startSeq: input.start,
        endSeq: input.end,
        width: input.width,
        checkDigit: input.checkDigit,
        remark: input.remark,
        viewToken: randomBytes(16).toString('hex'),
        createdBy: userId,
      }),
    )
    .returning();
  return { ...(await toDto(db, scope, row)), overlap: check.overlap, ruleMessage: check.ruleMessage };
}

/** Deletes ranges none of whose barcodes a copy uses yet (a used range is the record of where they came from). */
export async function deleteRanges(db: Db, scope: Scope, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(preprintRange)
      .where(scope.where(preprintRange, inArray(preprintRange.id, ids)));
    if (rows.length !== new Set(ids).size) throw notFound('printing.range.notFound');
    for (const r of rows) {
      const used = await usedCount(tx, scope, r);
      if (used > 0) throw fail('IN_USE', 'printing.range.inUse', { count: used });
    }
    await tx.delete(preprintRange).where(scope.where(preprintRange, inArray(preprintRange.id, ids)));
  });
}

/**
 * The public view of a range (`/barcode-prepriting-view?token=…`, e.g. sent to a print shop): the school's
 * name and the barcodes, page by page, with whether a copy already uses each. Only the token opens it.
 */
export async function publicView(db: Db, q: { token: string; Page: number; Rows: number }) {
  const [r] = await db.select().from(preprintRange).where(eq(preprintRange.viewToken, q.token)).limit(1);
  if (!r) throw notFound('printing.range.notFound');
  const [s] = await db.select({ name: school.name }).from(school).where(eq(school.id, r.schoolId)).limit(1);
  const total = r.endSeq - r.startSeq + 1;
  const from = r.startSeq + pageOffset(q);
  const to = Math.min(r.endSeq, from + q.Rows - 1);
  const codes: string[] = [];
  for (let seq = from; seq <= to; seq++) codes.push(fmt(r, seq));
  const scope = new Scope(r.schoolId);
  const used = codes.length
    ? await db
        .select({ barcode: copy.barcode })
        .from(copy)
        .where(scope.where(copy, inArray(copy.barcode, codes)))
    : [];
  const usedSet = new Set(used.map((u) => u.barcode));
  return {
    schoolName: s?.name ?? '',
    prefix: r.prefix,
    first: fmt(r, r.startSeq),
    last: fmt(r, r.endSeq),
    remark: r.remark,
    Total: total,
    List: codes.map((barcode) => ({ barcode, used: usedSet.has(barcode) })),
  };
}

/** The range behind a public token (the barcode image endpoint checks the code belongs to it). */
export async function rangeByToken(db: Db, token: string): Promise<Row | null> {
  const [r] = await db.select().from(preprintRange).where(eq(preprintRange.viewToken, token)).limit(1);
  return r ?? null;
}
