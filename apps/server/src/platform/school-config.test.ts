import { P } from '@shuyuan/contracts/common/paths';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from '../db/client.ts';
import { inRequest, requestState } from '../db/request-state.ts';
import { inBackground } from '../db/requests-first.ts';
import { loanRule } from '../modules/circulation/circulation.table.ts';
import { addClosedDays, addDays, getEffectiveRule, schoolToday } from '../modules/circulation/rules.service.ts';
import { addRule, makeCopies, makeReader, setSetting } from '../modules/circulation/test-fixtures.ts';
import { getSettings } from '../modules/settings/settings.service.ts';
import { buildSchool, useTestApp } from '../test/helper.ts';
import { operationLog } from './audit.table.ts';
import { checkCallers } from './principal.ts';
import { configVersion } from './school-config.table.ts';
import { Scope } from './tenancy.ts';

const t = useTestApp();
let scope: Scope;
const BORROW = `${P}/Circulation/LiteratureCirc`;
const RETURN = `${P}/Circulation/LiteratureReturn`;
const version = async () => (await t.db.select().from(configVersion))[0].version;

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('the remembered school configuration is never stale', () => {
  it('a rule, a closed day and a setting written straight into the database apply to the very next loan', async () => {
    const r = await makeReader(t.db, scope, { identity: 'other' });
    const books = await makeCopies(t.db, scope, 4);
    const today = await schoolToday(t.db, scope);
    // Warm the memory with the built-in catch-all rule (30 days).
    const first = await t.post(BORROW, { readerBarcode: r.account, barcode: books[0] });
    expect(first.json.data.dueDate).toBe(addDays(today, 30));

    await addRule(t.db, scope, { identity: 'other', maxLoans: 2, loanDays: 7 });
    const second = await t.post(BORROW, { readerBarcode: r.account, barcode: books[1] });
    expect(second.json.data).toMatchObject({ dueDate: addDays(today, 7), maxLoans: 2 });

    await t.post(RETURN, { barcode: books[1] });
    await addClosedDays(t.db, scope, [addDays(today, 7)]);
    const third = await t.post(BORROW, { readerBarcode: r.account, barcode: books[1] });
    expect(third.json.data.dueDate).toBe(addDays(today, 8));

    await setSetting(t.db, scope, 'circ.borrowVerify', true);
    const unverified = await t.post(BORROW, { readerBarcode: r.account, barcode: books[2] });
    expect(unverified.json.errorCode).toBe('VERIFY_FAILED');
    await setSetting(t.db, scope, 'circ.borrowVerify', false);
    const over = await t.post(BORROW, { readerBarcode: r.account, barcode: books[2] });
    expect(over.json.errorCode).toBe('OVER_LIMIT');
  });

  it('every write to a configuration table moves the version; a rolled-back write leaves a value no one reuses', async () => {
    const v0 = await version();
    await setSetting(t.db, scope, 'circ.reminderDaysBefore', 2);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    let seenInside = 0;
    await t.db
      .transaction(async (tx) => {
        await setSetting(tx as never, scope, 'circ.reminderDaysBefore', 5);
        seenInside = (await tx.select().from(configVersion))[0].version;
        expect((await getSettings(tx as never, scope, ['circ.reminderDaysBefore']))['circ.reminderDaysBefore']).toBe(5);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await version()).toBe(v1);
    expect((await getSettings(t.db, scope, ['circ.reminderDaysBefore']))['circ.reminderDaysBefore']).toBe(2);
    await setSetting(t.db, scope, 'circ.reminderDaysBefore', 3);
    expect(await version()).not.toBe(seenInside);
    expect((await getSettings(t.db, scope, ['circ.reminderDaysBefore']))['circ.reminderDaysBefore']).toBe(3);
  });

  it('a school whose rules were all removed lends by the built-in rules, and reading them writes nothing', async () => {
    const s = new Scope(await buildSchool(t.db));
    await t.db.delete(loanRule).where(eq(loanRule.schoolId, s.schoolId));
    const v = await version();
    const rule = await getEffectiveRule(t.db, s, {
      identity: 'teacher',
      groupId: null,
      resourceTypeId: null,
      locationId: null,
    });
    expect(rule).toMatchObject({ id: 0, maxLoans: 10, loanDays: 60 });
    expect(await version()).toBe(v);
    expect(await t.db.select().from(loanRule).where(eq(loanRule.schoolId, s.schoolId))).toHaveLength(0);
  });

  it('two databases in one process keep their own configuration', async () => {
    const other = await openDatabase({});
    try {
      await runMigrations(other);
      const [a] = await t.db.select().from(configVersion);
      const [b] = await other.db.select().from(configVersion);
      expect(a.id).not.toBe(b.id);
      const same = new Scope(1);
      await setSetting(t.db, same, 'circ.reservationHoldDays', 9);
      await setSetting(other.db, same, 'circ.reservationHoldDays', 4);
      expect((await getSettings(t.db, same, ['circ.reservationHoldDays']))['circ.reservationHoldDays']).toBe(9);
      expect((await getSettings(other.db, same, ['circ.reservationHoldDays']))['circ.reservationHoldDays']).toBe(4);
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe("a request reads the configuration's version with the callers' one", () => {
  const days = async () => (await getSettings(t.db, scope, ['circ.reminderDaysBefore']))['circ.reminderDaysBefore'];

  it('uses the version read at its start until it writes; then, in work it started and after it answered, reads it again', async () => {
    await setSetting(t.db, scope, 'circ.reminderDaysBefore', 2);
    expect(await days()).toBe(2);
    let late: Promise<unknown> = Promise.resolve();
    let release = () => {};
    const waiting = new Promise<void>((r) => {
      release = r;
    });
    await inRequest(async () => {
      await checkCallers(t.db);
      // Another process saves a setting after this request began: the request answers as of its start.
      await requestState.exit(() => setSetting(t.db, scope, 'circ.reminderDaysBefore', 4));
      expect(await days()).toBe(2);
      // Work the request leaves running reads afresh once the request has answered.
      late = (async () => {
        await waiting;
        return days();
      })();
      // Background work it starts is not part of it.
      expect(await inBackground(days)).toBe(4);
      // Its own write: every read after it is current.
      await setSetting(t.db, scope, 'circ.reminderDaysBefore', 5);
      expect(await days()).toBe(5);
    });
    release();
    expect(await late).toBe(5);
    await inRequest(async () => {
      await checkCallers(t.db);
      expect(await days()).toBe(5);
    });
  });
});

describe('the desk logs its loans in the loan transaction', () => {
  it('a loan and a return each write one operation-log row; a refused loan writes none', async () => {
    const r = await makeReader(t.db, scope);
    const [b] = await makeCopies(t.db, scope, 1);
    const rows = (action: string) =>
      t.db
        .select()
        .from(operationLog)
        .where(and(eq(operationLog.schoolId, t.schoolId), eq(operationLog.action, action)));
    const before = (await rows('circ.borrow')).length;
    expect((await t.post(BORROW, { readerBarcode: r.account, barcode: b })).json.success).toBe(true);
    expect((await t.post(BORROW, { readerBarcode: r.account, barcode: b })).json.errorCode).toBe('COPY_ON_LOAN');
    const lent = await rows('circ.borrow');
    expect(lent).toHaveLength(before + 1);
    expect(lent.at(-1)?.detail).toMatchObject({ keys: ['readerBarcode', 'barcode'] });
    const back = (await rows('circ.return')).length;
    expect((await t.post(RETURN, { barcode: b })).json.success).toBe(true);
    expect((await t.post(RETURN, { barcode: b })).json.errorCode).toBe('LOAN_NOT_FOUND');
    expect(await rows('circ.return')).toHaveLength(back + 1);
  });
});
