import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { bookNumberLock, bookNumberSeq } from './book-number.table.ts';

/** Class numbers are compared as typed by cataloguers, minus spaces and case: 'i 242.4' = 'I242.4'. */
export function normalizeClassCode(code: string): string {
  const c = code.replace(/\s+/g, '').toUpperCase();
  if (!c) throw fail('CLASS_CODE_REQUIRED', 'classification.bookNumber.classRequired');
  return c;
}

/**
 * Reserves the next book number (种次号) of a class: one INSERT … ON CONFLICT DO UPDATE … RETURNING, so
 * the row lock taken by the upsert serialises concurrent callers and each gets its own number, with no
 * gaps unless a caller's transaction rolls back. `minimum` lets the caller lift the sequence above
 * numbers already in the catalogue (records imported from MARC carry their own book numbers).
 * Pass a transaction as `db` to make the reservation part of saving the record.
 */
export async function reserveBookNumber(
  db: Db,
  scope: Scope,
  classCode: string,
  opts: { minimum?: number } = {},
): Promise<number> {
  const code = normalizeClassCode(classCode);
  const min = Math.max(1, Math.trunc(opts.minimum ?? 1));
  const [row] = await db
    .insert(bookNumberSeq)
    .values(scope.values({ classCode: code, next: min + 1 }))
    .onConflictDoUpdate({
      target: [bookNumberSeq.schoolId, bookNumberSeq.classCode],
      set: { next: sql`greatest(${bookNumberSeq.next}, ${min}) + 1`, updatedAt: sql`now()` },
    })
    .returning({ next: bookNumberSeq.next });
  return row.next - 1;
}

/** The number the next reservation would give, without taking it (GetItemListNumCalculate's preview). */
export async function peekBookNumber(db: Db, scope: Scope, classCode: string): Promise<number> {
  const code = normalizeClassCode(classCode);
  const [row] = await db
    .select({ next: bookNumberSeq.next })
    .from(bookNumberSeq)
    .where(scope.where(bookNumberSeq, eq(bookNumberSeq.classCode, code)));
  return row?.next ?? 1;
}

/**
 * Holds a given book number for a record being edited. Only a number already given in that class can be
 * held (spec: 'A book number cannot be locked when none exists'). Held by someone else → refused; held by
 * the same holder → nothing changes.
 */
export async function lockBookNumber(
  db: Db,
  scope: Scope,
  input: { classCode: string; number: number; holder: string },
): Promise<void> {
  const code = normalizeClassCode(input.classCode);
  const given = (await peekBookNumber(db, scope, code)) - 1;
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > given) {
    throw fail('BOOK_NUMBER_NONE', 'classification.bookNumber.noneToLock');
  }
  const [won] = await db
    .insert(bookNumberLock)
    .values(scope.values({ classCode: code, number: input.number, holder: input.holder }))
    .onConflictDoNothing()
    .returning({ holder: bookNumberLock.holder });
  if (won) return;
  const [held] = await db
    .select({ holder: bookNumberLock.holder })
    .from(bookNumberLock)
    .where(scope.where(bookNumberLock, eq(bookNumberLock.classCode, code), eq(bookNumberLock.number, input.number)));
  if (held && held.holder !== input.holder) {
    throw fail('BOOK_NUMBER_LOCKED', 'classification.bookNumber.lockedByOther', { number: input.number });
  }
}

/** Releases a number held by `holder`; true when it was held by them. */
export async function unlockBookNumber(
  db: Db,
  scope: Scope,
  input: { classCode: string; number: number; holder: string },
): Promise<boolean> {
  const rows = await db
    .delete(bookNumberLock)
    .where(
      scope.where(
        bookNumberLock,
        and(
          eq(bookNumberLock.classCode, normalizeClassCode(input.classCode)),
          eq(bookNumberLock.number, input.number),
          eq(bookNumberLock.holder, input.holder),
        ),
      ),
    )
    .returning({ id: bookNumberLock.id });
  return rows.length > 0;
}
