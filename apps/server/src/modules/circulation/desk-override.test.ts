import { P } from '@shuyuan/contracts/common/paths';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationLog } from '../../platform/audit.table.ts';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { reservation } from '../reservations/reservation.table.ts';
import { loan } from './circulation.table.ts';
import { addDays, schoolToday } from './rules.service.ts';
import { addRule, makeCopies, makeReader } from './test-fixtures.ts';

/**
 * The desk overrides a refusal (issue 14 §4): only with permission surrency.borrow:override, only with a reason,
 * only the policy refusals; the loan is made, the answer lists what was set aside, the operation log keeps the
 * reason.
 */
const t = useTestApp();
const C = `${P}/Circulation`;
const scope = () => new Scope(t.schoolId);
const deskBorrow = (readerBarcode: string, barcode: string, extra: object = {}, token?: string) =>
  t.post(`${C}/DeskBorrow`, { readerBarcode, barcode, ...extra }, { lang: 'en', token });
const lastBorrowLog = async () => {
  const [row] = await t.db
    .select()
    .from(operationLog)
    .where(and(eq(operationLog.schoolId, t.schoolId), eq(operationLog.action, 'circ.borrow')))
    .orderBy(desc(operationLog.id))
    .limit(1);
  return row;
};

describe('overriding a desk refusal', () => {
  it('lends over the loan limit with the permission and a reason, and logs both', async () => {
    await addRule(t.db, scope(), { permissionGroupId: 8101, maxLoans: 1 });
    const r = await makeReader(t.db, scope(), { permissionGroupId: 8101 });
    const [a, b, c] = await makeCopies(t.db, scope(), 3);
    expect((await deskBorrow(r.account, a)).json.success).toBe(true);
    const refused = await deskBorrow(r.account, b);
    expect(refused.json.errorCode).toBe('OVER_LIMIT');

    // Without a reason: refused on the field, nothing lent.
    const noReason = await deskBorrow(r.account, b, { override: { reason: '  ' } });
    expect(noReason.json.errorCode).toBe('VALIDATION');
    expect(noReason.json.issues).toEqual([{ path: 'override.reason', message: 'Give the reason for the override' }]);

    // A librarian who may lend but not override.
    const lender = await buildUser(t.db, t.schoolId, { permissions: ['surrency.borrow', 'surrency.borrow:borrow'] });
    const forbidden = await deskBorrow(r.account, b, { override: { reason: 'Class project' } }, lender.token);
    expect(forbidden.status).toBe(403);
    expect((await deskBorrow(r.account, b, {}, lender.token)).json.errorCode).toBe('OVER_LIMIT');

    const head = await buildUser(t.db, t.schoolId, {
      permissions: ['surrency.borrow', 'surrency.borrow:borrow', 'surrency.borrow:override'],
    });
    const done = await deskBorrow(r.account, b, { override: { reason: 'Class project' } }, head.token);
    expect(done.json.success).toBe(true);
    expect(done.json.data).toMatchObject({ barcode: b, overridden: ['OVER_LIMIT'], openLoans: 2, maxLoans: 1 });
    expect(done.json.data.panel.loans.map((l: { barcode: string }) => l.barcode).sort()).toEqual([a, b].sort());
    const log = await lastBorrowLog();
    expect(log.userId).toBe(head.id);
    expect(log.detail).toMatchObject({ overrideReason: 'Class project', overridden: ['OVER_LIMIT'] });

    // An override sets aside only policy refusals: a copy on loan stays refused.
    const onLoan = await deskBorrow(r.account, a, { override: { reason: 'x' } });
    expect(onLoan.json.errorCode).toBe('COPY_ON_LOAN');
    // A plain loan lists nothing overridden.
    await addRule(t.db, scope(), { permissionGroupId: 8102, maxLoans: 5 });
    const other = await makeReader(t.db, scope(), { permissionGroupId: 8102 });
    expect((await deskBorrow(other.account, c)).json.data.overridden).toEqual([]);
  });

  it("lends a copy held for another reader; that reader's reservation waits again, first in the queue", async () => {
    const [holder, other] = [await makeReader(t.db, scope()), await makeReader(t.db, scope())];
    const [x] = await makeCopies(t.db, scope(), 1);
    const held = await t.post(`${C}/AddReservation`, { readerBarcode: holder.account, barcode: x });
    expect(held.json.data.state).toBe('ready');
    expect((await deskBorrow(other.account, x)).json.errorCode).toBe('RESERVED_FOR_OTHER');
    const done = await deskBorrow(other.account, x, { override: { reason: 'Holder is away' } });
    expect(done.json.success).toBe(true);
    expect(done.json.data.overridden).toEqual(['RESERVED_FOR_OTHER']);
    const [r] = await t.db.select().from(reservation).where(eq(reservation.id, held.json.data.id));
    expect(r).toMatchObject({ state: 'waiting', holdUntil: null });
    // The copy is on loan to the other reader and the title has a queue again.
    const [c] = await t.db.select({ state: copy.circState }).from(copy).where(eq(copy.barcode, x));
    expect(c.state).toBe('reserving');
    // Its return puts it on the hold shelf for the holder again.
    const back = await t.post(`${C}/DeskReturn`, { barcode: x });
    expect(back.json.data.hold).toMatchObject({ account: holder.account });
  });

  it('lends to an expired card, never to a disabled reader', async () => {
    const today = await schoolToday(t.db, scope());
    const r = await makeReader(t.db, scope(), { validUntil: addDays(today, -1) });
    const [a] = await makeCopies(t.db, scope(), 1);
    const refused = await deskBorrow(r.account, a);
    expect(refused.json.errorCode).toBe('READER_EXPIRED');
    const done = await deskBorrow(r.account, a, { override: { reason: 'Renewal pending' } });
    expect(done.json.data.overridden).toEqual(['READER_EXPIRED']);
    const open = await t.db
      .select()
      .from(loan)
      .where(and(eq(loan.userId, r.id), isNull(loan.returnedAt)));
    expect(open).toHaveLength(1);
    // A disabled reader is no policy refusal: never overridden.
    const off = await makeReader(t.db, scope(), { state: 0 });
    const [b] = await makeCopies(t.db, scope(), 1);
    expect((await deskBorrow(off.account, b, { override: { reason: 'x' } })).json.errorCode).toBe('READER_DISABLED');
  });
});
