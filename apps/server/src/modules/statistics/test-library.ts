import type { Db } from '../../db/client.ts';
import { operationLog } from '../../platform/audit.table.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { sip2Log } from '../logs/sip2-log.table.ts';
import { department } from '../org/department.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { term } from '../org/term.table.ts';

/**
 * A small school library whose every figure is counted by hand in statistics.test.ts (school time zone
 * Asia/Shanghai; times below are Shanghai times):
 *
 * - Grade G1 with classes C1 (readers s1, s2, s3) and C2 (s4, s5); grade G2 with C3 (s6); teacher t1 in
 *   department D1; staff members staff1 and staff2 (not readers).
 * - Records R1 (class I247, copies c1a c1b at L1), R2 (TP3, c2a and c5 at L2), R3 (no class, c3a at L1, c4
 *   weeded); all accessioned today; c1a c1b in batch B1 (新华书店, 采购), c5 in B2 (当当, 捐赠; 28.50, paid 20.00).
 * - Loans: 1 s1 c1a 03-02 10:00 due 03-16 back 03-10 (staff1/staff1); 2 s1 c2a 03-05 due 03-19 back 03-25 late,
 *   renewed once (staff1/staff2); 3 s2 c1b 03-05 due 03-19 still out (staff2); 4 s4 c1a 03-12 due 03-26 back
 *   03-20 (staff2/staff2); 5 t1 c3a 03-31 23:30 due 04-14 still out (SIP2 SC1); 6 s6 c2a 04-01 07:00 due 04-15
 *   back 04-10 (staff1); 7 s1 c1b 02-20 due 03-06 back 03-03 (SIP2 SC1).
 * - Logs: staff1 renewed once on 03-06; SIP2 SC1: checkout 03-31 23:30 and checkin 03-03 succeeded, one
 *   checkout refused, one patron status (not an operation).
 * - The current term runs 2026-03-01 to 2026-07-15.
 */
export async function buildTestLibrary(db: Db, schoolId: number) {
  const scope = new Scope(schoolId);
  const at = (s: string) => new Date(`${s}+08:00`);
  const [g1, g2] = await db
    .insert(grade)
    .values([scope.values({ name: 'G1', sort: 1 }), scope.values({ name: 'G2', sort: 2 })])
    .returning();
  const [c1, c2, c3] = await db
    .insert(schoolClass)
    .values([
      scope.values({ gradeId: g1.id, name: 'C1', sort: 1 }),
      scope.values({ gradeId: g1.id, name: 'C2', sort: 2 }),
      scope.values({ gradeId: g2.id, name: 'C3', sort: 1 }),
    ])
    .returning();
  const [d1] = await db
    .insert(department)
    .values(scope.values({ name: 'D1' }))
    .returning();
  const person = (account: string, over: Partial<typeof appUser.$inferInsert>) =>
    scope.values({ account, name: `Name ${account}`, identity: 'student', ...over });
  const users = await db
    .insert(appUser)
    .values([
      person('s1', { classId: c1.id, name: '王小明' }),
      person('s2', { classId: c1.id }),
      person('s3', { classId: c1.id }),
      person('s4', { classId: c2.id }),
      person('s5', { classId: c2.id }),
      person('s6', { classId: c3.id }),
      person('t1', { identity: 'teacher', departmentId: d1.id }),
      person('staff1', { identity: 'staff' }),
      person('staff2', { identity: 'staff' }),
    ])
    .returning();
  const u = Object.fromEntries(users.map((x) => [x.account, x.id]));
  const [l1, l2] = await db
    .insert(location)
    .values([
      scope.values({ branchId: 0, name: 'L1', code: 'L1' }),
      scope.values({ branchId: 0, name: 'L2', code: 'L2' }),
    ])
    .returning();
  const [r1, r2, r3] = await db
    .insert(catalogueRecord)
    .values([
      scope.values({ title: 'R1', classNo: 'I247' }),
      scope.values({ title: 'R2', classNo: 'TP3' }),
      scope.values({ title: 'R3', classNo: '' }),
    ])
    .returning();
  const [b1, b2] = await db
    .insert(acceptanceBatch)
    .values([
      scope.values({ batchNo: 'B1', bookseller: '新华书店', type: '采购' }),
      scope.values({ batchNo: 'B2', bookseller: '当当', type: '捐赠' }),
    ])
    .returning();
  const copies = await db
    .insert(copy)
    .values([
      scope.values({
        recordId: r1.id,
        barcode: 'c1a',
        locationId: l1.id,
        storeType: 2,
        callNo: 'I247/1',
        batchId: b1.id,
      }),
      scope.values({
        recordId: r1.id,
        barcode: 'c1b',
        locationId: l1.id,
        storeType: 2,
        callNo: 'I247/1',
        batchId: b1.id,
      }),
      scope.values({ recordId: r2.id, barcode: 'c2a', locationId: l2.id, storeType: 2, callNo: 'TP3/2' }),
      scope.values({ recordId: r3.id, barcode: 'c3a', locationId: l1.id, storeType: 2, callNo: 'Z/3' }),
      scope.values({ recordId: r3.id, barcode: 'c4', locationId: l1.id, storeType: 3, callNo: 'Z/3' }),
      scope.values({
        recordId: r2.id,
        barcode: 'c5',
        locationId: l2.id,
        storeType: 2,
        callNo: 'TP3/2',
        unitPriceFen: 2850,
        discountPriceFen: 2000,
        batchId: b2.id,
      }),
    ])
    .returning();
  const c = Object.fromEntries(copies.map((x) => [x.barcode, x]));
  const lend = (
    who: string,
    barcode: string,
    borrowed: string,
    due: string,
    back: string | null,
    op: string | null,
    backOp: string | null,
    more: Partial<typeof loan.$inferInsert> = {},
  ) =>
    scope.values({
      userId: u[who],
      copyId: c[barcode].id,
      recordId: c[barcode].recordId,
      borrowedAt: at(borrowed),
      dueDate: due,
      returnedAt: back ? at(back) : null,
      operatorId: op ? u[op] : null,
      returnOperatorId: backOp ? u[backOp] : null,
      via: op ? 'desk' : 'sip2',
      ...more,
    });
  await db.insert(loan).values([
    lend('s1', 'c1a', '2026-03-02T10:00:00', '2026-03-16', '2026-03-10T09:00:00', 'staff1', 'staff1'),
    lend('s1', 'c2a', '2026-03-05T11:00:00', '2026-03-19', '2026-03-25T15:00:00', 'staff1', 'staff2', {
      renewals: 1,
    }),
    lend('s2', 'c1b', '2026-03-05T11:30:00', '2026-03-19', null, 'staff2', null),
    lend('s4', 'c1a', '2026-03-12T14:00:00', '2026-03-26', '2026-03-20T10:00:00', 'staff2', 'staff2'),
    lend('t1', 'c3a', '2026-03-31T23:30:00', '2026-04-14', null, null, null),
    lend('s6', 'c2a', '2026-04-01T07:00:00', '2026-04-15', '2026-04-10T10:00:00', 'staff1', 'staff1'),
    lend('s1', 'c1b', '2026-02-20T10:00:00', '2026-03-06', '2026-03-03T08:00:00', 'staff1', null),
  ]);
  await db.insert(operationLog).values(
    scope.values({
      userId: u.staff1,
      action: 'circ.renew',
      path: '/micro/library/web1.0/Circulation/RenewLoan',
      createdAt: at('2026-03-06T09:00:00'),
    }),
  );
  const sip = (command: string, when: string, success = true) =>
    scope.values({ terminal: 'SC1', command, request: command, success, createdAt: at(when) });
  await db
    .insert(sip2Log)
    .values([
      sip('11', '2026-03-31T23:30:00'),
      sip('09', '2026-03-03T08:00:00'),
      sip('11', '2026-03-15T12:00:00', false),
      sip('63', '2026-03-15T12:00:00'),
    ]);
  await db
    .insert(term)
    .values(scope.values({ name: '2026 spring', startDate: '2026-03-01', endDate: '2026-07-15', isCurrent: true }));
  return { g1, g2, c1, c2, c3, d1, u, c, l1, l2, r1, r2, r3 };
}
