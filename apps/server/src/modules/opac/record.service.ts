import type { KioskCard, ReadingRecord, ReadingRecordTotals } from '@shuyuan/contracts/opac/personal';
import { maskName } from '@shuyuan/contracts/statistics/charts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { configOf } from '../../platform/school-config.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { loanRowsIn } from '../circulation/desk-panel.service.ts';
import { findReader } from '../circulation/reader.service.ts';
import { deskConfig, SCHOOL_ZONE, schoolToday } from '../circulation/rules.service.ts';
import { myReservations } from './personal.service.ts';

const TOTALS = (zone: string, today: string) => sql`
  count(*)::int as loans,
  count(distinct l.record_id)::int as titles,
  count(*) filter (where l.returned_at is not null)::int as returned,
  count(*) filter (where l.returned_at is not null and (l.returned_at at time zone ${zone})::date <= l.due_date)::int as on_time,
  count(*) filter (where l.returned_at is not null and (l.returned_at at time zone ${zone})::date > l.due_date)::int as late,
  count(*) filter (where l.returned_at is null)::int as open,
  count(*) filter (where l.returned_at is null and l.due_date < ${today}::date)::int as overdue_now,
  coalesce(sum(l.renewals), 0)::int as renewals`;

const totalsOf = (x: any): ReadingRecordTotals => ({
  loans: x.loans,
  titles: x.titles,
  returned: x.returned,
  returnedOnTime: x.on_time,
  returnedLate: x.late,
  open: x.open,
  overdueNow: x.overdue_now,
  renewals: x.renewals,
});

/**
 * /user/integral until reading points exist (issue 16): a reader's reading record — loans, distinct titles,
 * returns on time (returned on or before the due day, school time zone) and late, open and overdue now — in all
 * and per calendar year of borrowing. Issue 16's point rules will count from these same loans.
 */
export async function readingRecord(db: Db, scope: Scope, readerId: number): Promise<ReadingRecord> {
  const zone = await configOf(db, scope, SCHOOL_ZONE);
  const today = await schoolToday(db, scope);
  const from = sql`from loan l where l.school_id = ${scope.schoolId} and l.user_id = ${readerId}`;
  const [all, years]: any[] = await Promise.all([
    db.execute(sql`select ${TOTALS(zone, today)} ${from}`),
    db.execute(sql`select to_char(l.borrowed_at at time zone ${zone}, 'YYYY') as year, ${TOTALS(zone, today)} ${from}
      group by 1 order by 1 desc`),
  ]);
  return {
    ...totalsOf((all.rows ?? all)[0]),
    years: (years.rows ?? years).map((y: any) => ({ year: y.year, ...totalsOf(y) })),
  };
}

/**
 * A reader's card at a kiosk (`/userinfo` of the guide screens): the card number scanned there (account or card
 * RFID) → the name masked, current loans with due dates and overdue days, live holds. Nothing else of the reader.
 */
export async function kioskCard(db: Db, scope: Scope, cardNo: string): Promise<KioskCard> {
  const r = await findReader(db, scope, { readerBarcode: cardNo });
  const { today, closed } = await deskConfig(db, scope);
  const [loans, reservations] = await Promise.all([
    loanRowsIn(db, { scope, today, closed }, r.id, { limit: 100, offset: 0 }),
    myReservations(db, scope, r.id),
  ]);
  return {
    maskedName: maskName(r.name),
    identity: r.identity,
    expired: Boolean(r.validUntil && r.validUntil < today),
    loans: loans.map((l) => ({
      title: l.title,
      barcode: l.barcode,
      borrowedAt: l.borrowedAt.toISOString(),
      dueDate: l.dueDate,
      overdueDays: l.overdueDays,
      renewals: l.renewals,
    })),
    holds: reservations
      .filter((x) => x.state === 'waiting' || x.state === 'ready')
      .map((x) => ({
        title: x.title,
        state: x.state as 'waiting' | 'ready',
        holdUntil: x.holdUntil,
        queuePosition: x.queuePosition,
      })),
    overdue: loans.filter((l) => l.dueDate < today).length,
  };
}
