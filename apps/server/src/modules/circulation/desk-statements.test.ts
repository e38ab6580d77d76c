import { P } from '@shuyuan/contracts/common/paths';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import pg from 'pg';
import { operationLog } from '../../platform/audit.table.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestState } from '../../db/request-state.ts';
import { Scope } from '../../platform/tenancy.ts';
import { pointBalance, pointEntry, pointRule } from '../points/points.table.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { role } from '../auth/role.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { school } from '../school/school.table.ts';
import { loan } from './circulation.table.ts';
import { makeCopies, makeReader } from './test-fixtures.ts';

const t = useTestApp();
const C = `${P}/Circulation`;
let scope: Scope;

/*
 * The desk's scans are the hot path (npm run bench circulation): each statement costs the server CPU, and each round
 * trip — the server waiting for the database's answer before it sends more — costs the desk time. The statements
 * every request sends (both databases go through node-postgres) are counted here, and the round trips: a statement
 * sent while none is waiting for its answer starts one; statements sent together (db/pipeline.ts: a transaction's
 * begin with its first statement, its commit with its last, a hook's statements with the write) share it. So a hook
 * or a panel read that adds one is seen: a check reads configuration through the snapshot and facts from what the
 * locks read. The errors the database answered are kept too: each is an ERROR line in PostgreSQL's log.
 */
const original = pg.Client.prototype.query;
let sent: string[] | null = null;
let errors: unknown[] = [];
let trips = 0;
let waiting = 0;
beforeAll(() => {
  scope = new Scope(t.schoolId);
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    // Only the request's statements: the test app's background work (the job runner's timer claiming its jobs) may
    // send one while a request waits, which is no statement or round trip of the request.
    if (!requestState.getStore()) return (original as any).apply(this, args);
    const q = args[0];
    sent?.push(String(typeof q === 'string' ? q : q?.text));
    if (waiting++ === 0) trips++;
    const answered = (e?: unknown) => {
      waiting--;
      if (e) errors.push(e);
    };
    // node-postgres's callback style (the pool's own queries) or its promise style (drizzle).
    const cb = args.findIndex((a) => typeof a === 'function');
    if (cb >= 0) {
      const fn = args[cb];
      args[cb] = (...r: unknown[]) => {
        answered(r[0]);
        return fn(...r);
      };
    }
    const result = (original as any).apply(this, args);
    if (cb < 0) result?.then(() => answered(), answered);
    return result;
  };
});
afterAll(() => {
  pg.Client.prototype.query = original;
});

async function statementsOf(url: string, body: object) {
  sent = [];
  errors = [];
  trips = 0;
  const res = await t.post(url, body);
  const list = sent;
  sent = null;
  expect(res.json.success).toBe(true);
  return { list, trips, errors, data: res.json.data };
}

describe("the desk's statements", () => {
  it('lends in 7 statements (2 round trips) and takes back in 5 (2) when no points rule is on, answering the panels the screen shows', async () => {
    // The points hooks cost nothing while their rules are off (an on-time return earns points by default: 2 more).
    await t.db
      .insert(pointRule)
      .values(['return_on_time', 'overdue_return'].map((event) => scope.values({ event, points: 2, enabled: false })));
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[1] });
    const borrow = await statementsOf(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[0] });
    // callers, begin, reader lock, copy lock with the reader's loan counts (sent with the school's day of the borrow
    // before) | copy + loan + log row, with the panel's loans and the commit right behind it (no borrow-done hook has
    // work: nobody reserved the title)
    expect(borrow.list).toHaveLength(7);
    expect(borrow.list[0]).toMatch(/auth_version/);
    expect(borrow.trips).toBe(2);
    expect(borrow.data.panel.loans.map((l: { barcode: string }) => l.barcode).sort()).toEqual([...books].sort());
    expect(borrow.data.panel.holds).toEqual([]);

    const back = await statementsOf(`${C}/DeskReturn`, { barcode: books[0] });
    // callers, begin, copy + loan + reader lock | loan + copy + log row + the reader's other loans, commit
    expect(back.list).toHaveLength(5);
    expect(back.trips).toBe(2);
    expect(back.data.panel.loans).toEqual([
      expect.objectContaining({ barcode: books[1], readerAccount: r.account, overdueDays: 0 }),
    ]);
    // Both wrote their operation-log row, with the request's details.
    const rows = await t.db
      .select()
      .from(operationLog)
      .where(inArray(operationLog.action, ['circ.borrow', 'circ.return']))
      .orderBy(operationLog.id);
    expect(rows.map((x) => [x.action, x.path])).toEqual([
      ['circ.borrow', `${C}/DeskBorrow`],
      ['circ.borrow', `${C}/DeskBorrow`],
      ['circ.return', `${C}/DeskReturn`],
    ]);
    expect(rows[2].detail).toMatchObject({ keys: ['barcode'] });
  });

  it('takes the usual return back in one round trip: callers, begin, one statement, commit', async () => {
    // The school's configuration as the last return read it is what the one statement is decided with.
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 3);
    for (const b of books) await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: b });
    await t.post(`${C}/DeskReturn`, { barcode: books[2] });
    const back = await statementsOf(`${C}/DeskReturn`, { barcode: books[0] });
    // callers, begin, copy + loan + reader lock with the guess checked, loan + copy + log row + the reader's other
    // loans | commit right behind them (sent once the callers' read answered, while the statement still runs)
    expect(back.list).toHaveLength(4);
    expect(back.trips).toBe(1);
    expect(back.data).toMatchObject({ barcode: books[0], overdueDays: 0, hold: null, fine: null });
    expect(back.data.reader).toEqual({ id: r.id, account: r.account, name: expect.any(String) });
    expect(back.data.panel.loans).toEqual([
      expect.objectContaining({ barcode: books[1], readerAccount: r.account, overdueDays: 0 }),
    ]);
    const [l] = await t.db.select().from(loan).where(eq(loan.id, back.data.loanId));
    expect(l.returnedAt).not.toBeNull();
    const logged = await t.db.select().from(operationLog).where(eq(operationLog.action, 'circ.return'));
    expect(logged.filter((x) => x.path === `${C}/DeskReturn`)).toHaveLength(3);
  });

  it('takes back a late copy the full way after the one statement found it late: its overdue days, nothing written twice', async () => {
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    for (const b of books) await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: b });
    await t.post(`${C}/DeskReturn`, { barcode: books[1] });
    await t.db.update(loan).set({ dueDate: '2020-01-06' }).where(eq(loan.userId, r.id));
    const before = (await t.db.select().from(operationLog).where(eq(operationLog.action, 'circ.return'))).length;
    const back = await statementsOf(`${C}/DeskReturn`, { barcode: books[0] });
    // the one statement (late: it writes nothing) and its commit, then the full way: begin, locks | write, commit
    expect(back.trips).toBe(3);
    expect(back.data.overdueDays).toBeGreaterThan(0);
    const after = (await t.db.select().from(operationLog).where(eq(operationLog.action, 'circ.return'))).length;
    expect(after).toBe(before + 1);
  });

  it('pays an on-time return its points in 2 more statements sent behind its one statement: the balance lock, then caps, entry and balance at once', async () => {
    await t.db
      .update(pointRule)
      .set({ enabled: true, dailyCap: 10 })
      .where(inArray(pointRule.event, ['return_on_time']));
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    for (const b of books) await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: b });
    // The first return after the rule changed runs the full way (the configuration moved) and learns it.
    await t.post(`${C}/DeskReturn`, { barcode: books[1] });
    const back = await statementsOf(`${C}/DeskReturn`, { barcode: books[0] });
    expect(back.list).toHaveLength(6); // on failure the list shows what was sent
    expect(back.trips).toBe(1);
    const [bal] = await t.db.select().from(pointBalance).where(eq(pointBalance.userId, r.id));
    expect(bal.balance).toBe(4);
  });

  it('takes a late return the full way after a try that wrote nothing and raised no database error: one return, one log row, no on-time points', async () => {
    await t.db
      .update(pointRule)
      .set({ enabled: true, points: 2 })
      .where(inArray(pointRule.event, ['return_on_time']));
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    for (const b of books) await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: b });
    // On time (the one statement, learning the configuration with the rule on): 2 points.
    expect((await t.post(`${C}/DeskReturn`, { barcode: books[1] })).json.data.overdueDays).toBe(0);
    const open = and(eq(loan.userId, r.id), isNull(loan.returnedAt));
    const [late] = await t.db.update(loan).set({ dueDate: '2020-01-06' }).where(open).returning();
    const [before] = await t.db.select().from(copy).where(eq(copy.id, late.copyId));
    const logged = () => t.db.select().from(operationLog).where(eq(operationLog.action, 'circ.return'));
    const logBefore = (await logged()).length;

    const back = await statementsOf(`${C}/DeskReturn`, { barcode: books[0] });
    // Tried: the one statement and the points award's two behind it, with the commit; then the full way.
    expect(back.list.filter((q) => q.includes("set_config('shuyuan.returned_loan'"))).toHaveLength(1);
    expect(back.list.filter((q) => q.includes("current_setting('shuyuan.returned_reader'"))).toHaveLength(2);
    expect(back.trips, back.list.join('\n---\n')).toBe(3);
    // No statement was refused (no division by zero, no "transaction aborted"), none rolled back.
    expect(back.errors).toEqual([]);
    expect(back.list.filter((q) => /^\s*rollback/i.test(q))).toEqual([]);
    expect(back.data).toMatchObject({ loanId: late.id, barcode: books[0], hold: null });
    expect(back.data.overdueDays).toBeGreaterThan(0);
    // Written once: the copy moved once, the loan closed, one log row, no on-time points for the late loan.
    const [after] = await t.db.select().from(copy).where(eq(copy.id, late.copyId));
    expect(after.circState).toBe('available');
    expect(after.version).toBe(before.version + 1);
    const [closed] = await t.db.select().from(loan).where(eq(loan.id, late.id));
    expect(closed.returnedAt).not.toBeNull();
    expect((await logged()).length).toBe(logBefore + 1);
    const entries = await t.db.select().from(pointEntry).where(eq(pointEntry.userId, r.id));
    expect(entries.map((e) => [e.event, e.refId])).toEqual([['return_on_time', expect.any(String)]]);
    expect(entries[0].refId).not.toBe(String(late.id));
    const [bal] = await t.db.select().from(pointBalance).where(eq(pointBalance.userId, r.id));
    expect(bal.balance).toBe(2);
  });

  it("counts the reader's overdue loans by the school's new day when its time zone changed since the last loan", async () => {
    // The copy's lock leaves with the reader's, computed with the school's day of the borrow before; when the day
    // read with the reader's lock differs, the copy's lock is sent again with it.
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 3);
    await t.db.update(school).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(school.id, t.schoolId)); // UTC+14
    expect((await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[0] })).json.success).toBe(true);
    await t.db.update(school).set({ timeZone: 'Etc/GMT+12' }).where(eq(school.id, t.schoolId)); // UTC-12: a day or two behind
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Etc/GMT+12' }).format(new Date());
    // Due today there: not overdue by the school's day, overdue by Kiritimati's.
    await t.db.update(loan).set({ dueDate: day }).where(eq(loan.userId, r.id));
    const moved = await statementsOf(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[1] });
    // (The configuration's new version is loaded too.) The copy's lock with the reader's counts, twice:
    expect(moved.list.filter((q) => q.includes('array[count(*)')).length).toBe(2);
    expect(moved.data.panel.limit).toMatchObject({ open: 2, overdue: 0 });
    const next = await statementsOf(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[2] });
    expect(next.trips, next.list.join('\n---\n')).toBe(2);
    expect(next.data.panel.limit).toMatchObject({ open: 3, overdue: 0 });
    await t.db.update(school).set({ timeZone: 'Asia/Shanghai' }).where(eq(school.id, t.schoolId));
  });

  it("honours a role changed just before a scan: the callers' read that goes with its first statement starts it again", async () => {
    const clerk = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow:borrow', 'return:return'] });
    const r = await makeReader(t.db, scope);
    const books = await makeCopies(t.db, scope, 2);
    const as = { token: clerk.token };
    expect((await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[0] }, as)).json.success).toBe(
      true,
    );
    // Lending taken away (any process, any writer: the callers' version moves): the next scan is refused, unwritten.
    await t.db
      .update(role)
      .set({ permissions: ['return:return'] })
      .where(eq(role.id, clerk.roleId));
    const refused = await t.post(`${C}/DeskBorrow`, { readerBarcode: r.account, barcode: books[1] }, as);
    expect(refused.status, JSON.stringify(refused.json)).toBe(403);
    expect(await t.db.select().from(loan).where(eq(loan.userId, r.id))).toHaveLength(1);
    // Taken back too, then given again: the return remembered without it is tried again, and lets the book in.
    await t.db.update(role).set({ permissions: [] }).where(eq(role.id, clerk.roleId));
    expect((await t.post(`${C}/DeskReturn`, { barcode: books[0] }, as)).status).toBe(403);
    await t.db
      .update(role)
      .set({ permissions: ['return:return'] })
      .where(eq(role.id, clerk.roleId));
    const back = await t.post(`${C}/DeskReturn`, { barcode: books[0] }, as);
    expect(back.json.success).toBe(true);
    const [l] = await t.db.select().from(loan).where(eq(loan.userId, r.id));
    expect(l.returnedAt).not.toBeNull();
  });
});
