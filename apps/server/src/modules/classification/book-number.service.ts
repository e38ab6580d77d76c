import { eq, ne, sql } from 'drizzle-orm';
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

/** How long a lock holds a book number when the cataloguer neither saves nor unlocks (minutes). */
export const BOOK_NUMBER_LOCK_MINUTES = 30;

type LockInput = { classCode: string; bookNo: string; holder: string };

/** Locks still in force (taken less than BOOK_NUMBER_LOCK_MINUTES ago). */
const live = () => sql`${bookNumberLock.lockedAt} > now() - make_interval(mins => ${BOOK_NUMBER_LOCK_MINUTES})`;

/**
 * Holds the book number shown to the cataloguer (a sequence number '007' or an author number 'CXQ') for
 * the record being edited: until it is saved, unlocked, or BOOK_NUMBER_LOCK_MINUTES pass. No number shown →
 * BOOK_NUMBER_NONE ('A book number cannot be locked when none exists'). Held by someone else (and not
 * expired) → BOOK_NUMBER_LOCKED. The same holder locking again renews the lock; taking another number of the
 * same class gives up the holder's earlier one there. One upsert decides, so of concurrent callers exactly
 * one wins a number. Answers when the lock expires.
 */
export async function lockBookNumber(db: Db, scope: Scope, input: LockInput): Promise<{ expiresAt: Date }> {
  const code = normalizeClassCode(input.classCode);
  const bookNo = input.bookNo.trim();
  if (!bookNo) throw fail('BOOK_NUMBER_NONE', 'classification.bookNumber.noneToLock');
  const [won] = await db
    .insert(bookNumberLock)
    .values(scope.values({ classCode: code, bookNo, holder: input.holder }))
    .onConflictDoUpdate({
      target: [bookNumberLock.schoolId, bookNumberLock.classCode, bookNumberLock.bookNo],
      set: { holder: input.holder, lockedAt: sql`now()` },
      // Taken over only when it is the caller's own lock or an expired one.
      setWhere: sql`${bookNumberLock.holder} = ${input.holder} or not (${live()})`,
    })
    .returning({ id: bookNumberLock.id, lockedAt: bookNumberLock.lockedAt });
  if (!won)
    throw fail('BOOK_NUMBER_LOCKED', 'classification.bookNumber.lockedByOther', {
      bookNo,
      minutes: BOOK_NUMBER_LOCK_MINUTES,
    });
  await db
    .delete(bookNumberLock)
    .where(
      scope.where(
        bookNumberLock,
        eq(bookNumberLock.classCode, code),
        eq(bookNumberLock.holder, input.holder),
        ne(bookNumberLock.id, won.id),
      ),
    );
  return { expiresAt: new Date(won.lockedAt.getTime() + BOOK_NUMBER_LOCK_MINUTES * 60_000) };
}

/** Releases a number held by `holder`; true when it was held by them. */
export async function unlockBookNumber(db: Db, scope: Scope, input: LockInput): Promise<boolean> {
  const rows = await db
    .delete(bookNumberLock)
    .where(
      scope.where(
        bookNumberLock,
        eq(bookNumberLock.classCode, normalizeClassCode(input.classCode)),
        eq(bookNumberLock.bookNo, input.bookNo.trim()),
        eq(bookNumberLock.holder, input.holder),
      ),
    )
    .returning({ id: bookNumberLock.id });
  return rows.length > 0;
}

/** Refuses a class + book number that another holder has locked (saving a record with it). */
export async function assertNotLockedByOther(db: Db, scope: Scope, input: LockInput): Promise<void> {
  const bookNo = input.bookNo.trim();
  if (!bookNo || !input.classCode.trim()) return;
  const [held] = await db
    .select({ id: bookNumberLock.id })
    .from(bookNumberLock)
    .where(
      scope.where(
        bookNumberLock,
        eq(bookNumberLock.classCode, normalizeClassCode(input.classCode)),
        eq(bookNumberLock.bookNo, bookNo),
        ne(bookNumberLock.holder, input.holder),
        live(),
      ),
    )
    .limit(1);
  if (held)
    throw fail('BOOK_NUMBER_LOCKED', 'classification.bookNumber.lockedByOther', {
      bookNo,
      minutes: BOOK_NUMBER_LOCK_MINUTES,
    });
}

/** Sequence numbers of a class that others hold (live locks of numeric book numbers, as numbers). */
export async function lockedNumbers(db: Db, scope: Scope, classCode: string, holder?: string): Promise<Set<number>> {
  const rows = await db
    .select({ bookNo: bookNumberLock.bookNo })
    .from(bookNumberLock)
    .where(
      scope.where(
        bookNumberLock,
        eq(bookNumberLock.classCode, normalizeClassCode(classCode)),
        holder ? ne(bookNumberLock.holder, holder) : undefined,
        sql`${bookNumberLock.bookNo} ~ '^[0-9]{1,9}$'`,
        live(),
      ),
    );
  return new Set(rows.map((r) => Number(r.bookNo)));
}

/** The first number from `start` on that no one else holds. */
export function skipLocked(start: number, locked: Set<number>): number {
  let n = start;
  while (locked.has(n)) n++;
  return n;
}

/**
 * Reserves the next sequence number that no one else holds: numbers locked by others are stepped over
 * (they stay given — the locking cataloguer saves them). Same transaction rules as reserveBookNumber.
 */
export async function reserveFreeBookNumber(
  db: Db,
  scope: Scope,
  classCode: string,
  opts: { minimum?: number; holder?: string } = {},
): Promise<number> {
  const locked = await lockedNumbers(db, scope, classCode, opts.holder);
  let minimum = opts.minimum ?? 1;
  for (;;) {
    const n = await reserveBookNumber(db, scope, classCode, { minimum });
    if (!locked.has(n)) return n;
    minimum = n + 1;
  }
}
