import { BookNumberLength, formatBookNumber } from '@shuyuan/contracts/classification/classification';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { BizError } from '../../platform/errors.ts';
import { t as tr } from '../../platform/i18n/messages.ts';
import { Scope } from '../../platform/tenancy.ts';
import { authorNumber } from './author-number.ts';
import {
  BOOK_NUMBER_LOCK_MINUTES,
  lockBookNumber,
  lockedNumbers,
  peekBookNumber,
  reserveBookNumber,
  reserveFreeBookNumber,
  unlockBookNumber,
} from './book-number.service.ts';
import { bookNumberLock } from './book-number.table.ts';
import './classification.messages.ts';

const t = useTestApp();

/** The BizError a promise rejects with, for checking its code and message. */
async function failure(p: Promise<unknown>): Promise<BizError> {
  const e = await p.then(
    () => undefined,
    (err) => err,
  );
  expect(e).toBeInstanceOf(BizError);
  return e as BizError;
}

describe('book numbers (种次号)', () => {
  it('gives 20 parallel reservations 20 distinct consecutive numbers', async () => {
    const scope = new Scope(t.schoolId);
    const got = await Promise.all(Array.from({ length: 20 }, () => reserveBookNumber(t.db, scope, 'I247.5')));
    expect([...got].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await peekBookNumber(t.db, scope, 'i247.5')).toBe(21);
  });

  it('keeps one sequence per school and class; peek takes nothing; minimum lifts the sequence', async () => {
    const scope = new Scope(t.schoolId);
    const other = new Scope(await buildSchool(t.db));
    expect(await peekBookNumber(t.db, scope, 'K20')).toBe(1);
    expect(await peekBookNumber(t.db, scope, 'K20')).toBe(1);
    expect(await reserveBookNumber(t.db, scope, 'K20')).toBe(1);
    expect(await reserveBookNumber(t.db, scope, ' k 20 ')).toBe(2);
    expect(await reserveBookNumber(t.db, other, 'K20')).toBe(1);
    expect(await reserveBookNumber(t.db, scope, 'K248')).toBe(1);
    expect(await reserveBookNumber(t.db, scope, 'K20', { minimum: 50 })).toBe(50);
    expect(await reserveBookNumber(t.db, scope, 'K20', { minimum: 10 })).toBe(51);
    const empty = await failure(reserveBookNumber(t.db, scope, '  '));
    expect(empty.errorCode).toBe('CLASS_CODE_REQUIRED');
  });

  it('rolls a reservation back with the transaction that took it', async () => {
    const scope = new Scope(t.schoolId);
    await t.db
      .transaction(async (tx) => {
        expect(await reserveBookNumber(tx, scope, 'O17')).toBe(1);
        throw new Error('record failed to save');
      })
      .catch(() => {});
    expect(await reserveBookNumber(t.db, scope, 'O17')).toBe(1);
  });

  it('locks only a number shown, for one holder at a time; expired locks can be taken over', async () => {
    const scope = new Scope(t.schoolId);
    const none = await failure(lockBookNumber(t.db, scope, { classCode: 'P159', bookNo: ' ', holder: 'r1' }));
    expect(none.errorCode).toBe('BOOK_NUMBER_NONE');
    expect(tr('en', none.msgKey)).toBe('A book number cannot be locked when none exists');
    expect(tr('zh', none.msgKey)).toBe('还没有书次号，不能锁定');
    const { expiresAt } = await lockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r1' });
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan((BOOK_NUMBER_LOCK_MINUTES - 1) * 60_000);
    await lockBookNumber(t.db, scope, { classCode: 'p159', bookNo: '002', holder: 'r1' }); // same holder: renews
    const taken = await failure(lockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r2' }));
    expect(taken.errorCode).toBe('BOOK_NUMBER_LOCKED');
    expect(tr('en', taken.msgKey, taken.params)).toBe(
      'Book number 002 is locked by another cataloguer; choose another (a lock lapses after 30 minutes)',
    );
    expect(await lockedNumbers(t.db, scope, 'P159', 'r2')).toEqual(new Set([2]));
    expect(await lockedNumbers(t.db, scope, 'P159', 'r1')).toEqual(new Set());
    expect(await unlockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r2' })).toBe(false);
    expect(await unlockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r1' })).toBe(true);
    await lockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r2' });
    // A lock older than BOOK_NUMBER_LOCK_MINUTES no longer counts.
    await t.db
      .update(bookNumberLock)
      .set({ lockedAt: new Date(Date.now() - (BOOK_NUMBER_LOCK_MINUTES + 1) * 60_000) })
      .where(eq(bookNumberLock.schoolId, t.schoolId));
    expect(await lockedNumbers(t.db, scope, 'P159', 'r1')).toEqual(new Set());
    await lockBookNumber(t.db, scope, { classCode: 'P159', bookNo: '002', holder: 'r1' });
  });

  it('reserving steps over numbers others hold', async () => {
    const scope = new Scope(t.schoolId);
    await lockBookNumber(t.db, scope, { classCode: 'Q1', bookNo: '1', holder: 'r1' });
    await lockBookNumber(t.db, scope, { classCode: 'Q1', bookNo: '3', holder: 'r2' });
    expect(await reserveFreeBookNumber(t.db, scope, 'Q1', { holder: 'r3' })).toBe(2);
    expect(await reserveFreeBookNumber(t.db, scope, 'Q1', { holder: 'r3' })).toBe(4);
    expect(await reserveFreeBookNumber(t.db, scope, 'Q1', { holder: 'r3' })).toBe(5);
  });
});

describe('book-number rules and author numbers', () => {
  it('pads to a 1–4 digit length; empty or < 1 means no limit; never cuts', () => {
    expect(formatBookNumber(7, 3)).toBe('007');
    expect(formatBookNumber(7, 1)).toBe('7');
    expect(formatBookNumber(7, 4)).toBe('0007');
    expect(formatBookNumber(7, 0)).toBe('7');
    expect(formatBookNumber(7, -2)).toBe('7');
    expect(formatBookNumber(7, null)).toBe('7');
    expect(formatBookNumber(12345, 4)).toBe('12345');
    expect(BookNumberLength.safeParse(5).success).toBe(false);
    expect(BookNumberLength.safeParse(4).success).toBe(true);
    expect(BookNumberLength.safeParse(0).success).toBe(true);
    expect(BookNumberLength.safeParse(null).success).toBe(true);
  });

  it('makes author numbers from pinyin initials or the surname', () => {
    expect(authorNumber('曹雪芹')).toBe('CXQ');
    expect(authorNumber('[清] 曹雪芹 著')).toBe('CXQ');
    expect(authorNumber('鲁迅著')).toBe('LX');
    expect(authorNumber('欧阳修')).toBe('OYX');
    expect(authorNumber('单田芳 编')).toBe('STF');
    expect(authorNumber('(英) 简·奥斯汀 著 ; 王科一 译')).toBe('JAS');
    expect(authorNumber('王昆仑，李四主编')).toBe('WKL');
    expect(authorNumber('Jane Austen')).toBe('Aus');
    expect(authorNumber('Austen, Jane')).toBe('Aus');
    expect(authorNumber('Kurt Gödel and Paul Cohen')).toBe('God');
    expect(authorNumber('  ')).toBe('');
    expect(authorNumber(null)).toBe('');
  });
});
