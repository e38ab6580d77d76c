import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { useTestApp } from '../../test/helper.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { pointBalance, pointEntry } from './points.table.ts';

/** Circulation hooks: on-time and overdue returns at the desk, a copy declared lost. */
const t = useTestApp();
let scope: Scope;
const C = `${P}/Circulation`;
const A = `${P}/Points`;

const rule = (event: string, points: number, enabled = true) =>
  t.post(`${A}/SaveRule`, { event, points, enabled, dailyCap: 0, termCap: 0 });
const entries = async (userId: number) =>
  (await t.db.select().from(pointEntry).where(eq(pointEntry.userId, userId))).map((e) => [e.event, e.points]);
const balanceOf = async (userId: number) =>
  (await t.db.select().from(pointBalance).where(eq(pointBalance.userId, userId)))[0]?.balance ?? 0;

async function lend(reader: { account: string }, daysLate = 0) {
  const [barcode] = await makeCopies(t.db, scope, 1);
  const lent = await t.post(`${C}/LiteratureCirc`, { readerBarcode: reader.account, barcode });
  expect(lent.json.success).toBe(true);
  if (daysLate)
    await t.db
      .update(loan)
      .set({ dueDate: addDays(await schoolToday(t.db, scope), -daysLate) })
      .where(eq(loan.id, lent.json.data.loanId));
  return barcode!;
}

beforeAll(() => {
  scope = new Scope(t.schoolId);
});

describe('points on circulation', () => {
  it('a return on time earns return_on_time once; an overdue return deducts when enabled', async () => {
    await rule('return_on_time', 3);
    await rule('overdue_return', -2);
    const r = await makeReader(t.db, scope);
    const b1 = await lend(r);
    const back = await t.post(`${C}/LiteratureReturn`, { barcode: b1 });
    expect(back.json.success).toBe(true);
    expect(await entries(r.id)).toEqual([['return_on_time', 3]]);
    const b2 = await lend(r, 5);
    expect((await t.post(`${C}/LiteratureReturn`, { barcode: b2 })).json.success).toBe(true);
    expect(await entries(r.id)).toEqual([
      ['return_on_time', 3],
      ['overdue_return', -2],
    ]);
    expect(await balanceOf(r.id)).toBe(1);
  });

  it('writes nothing while the rules are off', async () => {
    await rule('return_on_time', 3, false);
    await rule('overdue_return', -2, false);
    const r = await makeReader(t.db, scope);
    const b = await lend(r);
    expect((await t.post(`${C}/LiteratureReturn`, { barcode: b })).json.success).toBe(true);
    const late = await lend(r, 3);
    expect((await t.post(`${C}/LiteratureReturn`, { barcode: late })).json.success).toBe(true);
    expect(await entries(r.id)).toEqual([]);
  });

  it('a copy declared lost costs the loss rule', async () => {
    await rule('return_on_time', 10);
    await rule('loss', -4);
    const r = await makeReader(t.db, scope);
    const first = await lend(r);
    await t.post(`${C}/LiteratureReturn`, { barcode: first });
    const b = await lend(r);
    const lost = await t.post(`${P}/Loss/RegisterLoss`, { barcode: b, compensationFen: 2000 });
    expect(lost.json.success).toBe(true);
    expect(await entries(r.id)).toEqual([
      ['return_on_time', 10],
      ['loss', -4],
    ]);
    expect(await balanceOf(r.id)).toBe(6);
  });
});
