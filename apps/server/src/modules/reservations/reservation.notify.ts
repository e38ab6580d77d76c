import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loadConfig } from '../mail/mail.service.ts';
import { sendToReader } from '../reminders/reminders.service.ts';
import { reservation } from './reservation.table.ts';

/**
 * Hold-shelf notices: "your reservation is ready" by e-mail (logged with the reminders). A ready reservation
 * is claimed by setting notified_at (one process sends it once); schools without SMTP settings are skipped
 * and tried again on the next run. Sending happens after the return's transaction, never inside it.
 */
let appRef: FastifyInstance | undefined;
const pending = new Set<Promise<void>>();

export function setNotifyApp(app: FastifyInstance): void {
  appRef = app;
}

export async function notifyReady(app: FastifyInstance, schoolId?: number): Promise<number> {
  const db = app.database.db;
  const due = await db
    .select({ id: reservation.id, schoolId: reservation.schoolId })
    .from(reservation)
    .where(
      and(
        eq(reservation.state, 'ready'),
        isNull(reservation.notifiedAt),
        schoolId ? eq(reservation.schoolId, schoolId) : undefined,
      ),
    )
    .limit(500);
  let sent = 0;
  const configured = new Map<number, boolean>();
  for (const d of due) {
    if (!configured.has(d.schoolId)) configured.set(d.schoolId, !!(await loadConfig(db, new Scope(d.schoolId))));
    if (!configured.get(d.schoolId)) continue;
    const [claimed] = await db
      .update(reservation)
      .set({ notifiedAt: new Date() })
      .where(and(eq(reservation.id, d.id), eq(reservation.state, 'ready'), isNull(reservation.notifiedAt)))
      .returning();
    if (!claimed?.copyId) continue;
    const [row] = await db
      .select({
        reader: { id: appUser.id, name: appUser.name, email: appUser.email, lang: appUser.lang },
        title: catalogueRecord.title,
        barcode: copy.barcode,
      })
      .from(appUser)
      .innerJoin(copy, eq(copy.id, claimed.copyId))
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(eq(appUser.id, claimed.readerId));
    if (!row) continue;
    const r = await sendToReader(
      app,
      d.schoolId,
      row.reader,
      'hold_ready',
      { hold: { title: row.title, barcode: row.barcode, until: claimed.holdUntil } },
      { trigger: 'schedule', operatorId: null, reservationId: claimed.id },
    );
    if (r === 'sent') sent++;
  }
  return sent;
}

/** Asks for the notices of a school soon after the current transaction (the minutely run catches the rest). */
export function kickNotify(schoolId: number): void {
  const app = appRef;
  if (!app) return;
  const p = new Promise<void>((resolve) => setTimeout(resolve, 300))
    .then(() => notifyReady(app, schoolId))
    .then(
      () => undefined,
      (e) => app.log.error({ err: e }, 'reservation notice failed'),
    )
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Waits for the notices started by kickNotify (tests, shutdown). */
export async function settleNotices(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
