import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, daysBetween, schoolToday } from '../circulation/rules.service.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';

/** Closed days of the school calendar through the desk: loan, renewal and overdue days count open days only. */
const t = useTestApp();
const R = `${P}/CirculationRules`;
const C = `${P}/Circulation`;
const scope = () => new Scope(t.schoolId);
const range = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

async function closeDays(add: string[]) {
  const res = await t.post(`${R}/ChangeClosedDays`, { add });
  expect(res.json.success).toBe(true);
}

afterEach(async () => {
  const today = await schoolToday(t.db, scope());
  // Open the whole test window again so each test sees only its own closed days.
  await t.post(`${R}/ChangeClosedDays`, { remove: range(addDays(today, -30), 400) });
});

async function lend(account: string, barcode: string) {
  const res = await t.post(`${C}/LiteratureCirc`, { readerBarcode: account, barcode });
  expect(res.json.success).toBe(true);
  return res.json.data as { dueDate: string };
}

describe('closed days count neither towards loans nor towards overdue days', () => {
  it('a 30-day loan over a 10-day winter break ends 40 days later; a renewal skips closed days too', async () => {
    const today = await schoolToday(t.db, scope());
    await closeDays(range(addDays(today, 5), 10));
    const r = await makeReader(t.db, scope());
    const [b] = await makeCopies(t.db, scope(), 1);
    const { dueDate } = await lend(r.account, b);
    expect(dueDate).toBe(addDays(today, 40));

    // The student's renewal is 15 days; three closed days right after the due date push it by three.
    await closeDays(range(addDays(dueDate, 1), 3));
    const renewed = await t.post(`${C}/RenewLoan`, { barcode: b });
    expect(renewed.json.data.dueDate).toBe(addDays(dueDate, 18));
  });

  it('a due date never falls on a closed day, and exactly the loan days are open', async () => {
    const today = await schoolToday(t.db, scope());
    // Weekends closed for the next 120 days.
    const res = await t.post(`${R}/ChangeClosedDays`, { from: today, to: addDays(today, 120), weekdays: [0, 6] });
    expect(res.json.data.added).toBeGreaterThan(30);
    const closed = new Set<string>(
      [
        ...(await t.post(`${R}/GetClosedDays`, { year: Number(today.slice(0, 4)) })).json.data,
        ...(await t.post(`${R}/GetClosedDays`, { year: Number(today.slice(0, 4)) + 1 })).json.data,
      ].map(String),
    );
    const r = await makeReader(t.db, scope());
    const [b] = await makeCopies(t.db, scope(), 1);
    const { dueDate } = await lend(r.account, b);
    expect(closed.has(dueDate)).toBe(false);
    expect([0, 6]).not.toContain(new Date(`${dueDate}T00:00:00Z`).getUTCDay());
    const open = range(addDays(today, 1), daysBetween(today, dueDate)).filter((d) => !closed.has(d));
    expect(open).toHaveLength(30);
    expect(daysBetween(today, dueDate)).toBeGreaterThanOrEqual(40);
  });

  it('overdue days skip the days the library was closed, on the loan lists, in reminders and at the return desk', async () => {
    const today = await schoolToday(t.db, scope());
    const r = await makeReader(t.db, scope());
    const [b] = await makeCopies(t.db, scope(), 1);
    await lend(r.account, b);
    // The loan fell due 10 days ago; 4 of the days since were closed.
    await t.db
      .update(loan)
      .set({ dueDate: addDays(today, -10) })
      .where(and(eq(loan.userId, r.id), isNull(loan.returnedAt)));
    await closeDays(range(addDays(today, -7), 4));
    const list = await t.post(`${C}/GetUserBorrowing`, { readerBarcode: r.account });
    expect(list.json.data.List).toMatchObject([{ barcode: b, overdueDays: 6 }]);
    const all = await t.post(`${C}/GetAllBorrowing`, { SearchKey: r.account, overdueOnly: true });
    expect(all.json.data.List).toMatchObject([{ barcode: b, overdueDays: 6 }]);
    const reminders = await t.post(`${P}/Reminder/GetDueList`, { kind: 'overdue', SearchKey: r.account });
    expect(reminders.json.data.List).toMatchObject([{ barcode: b, overdueDays: 6 }]);
    const back = await t.post(`${C}/LiteratureReturn`, { barcode: b });
    expect(back.json.data.overdueDays).toBe(6);
  });
});
