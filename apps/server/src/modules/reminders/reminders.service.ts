import type { DueListQuery, ReminderKind, SendRemindersResult } from '@shuyuan/contracts/reminders/reminder';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { BizError, fail } from '../../platform/errors.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, daysBetween, overdueDayCounter, schoolToday } from '../circulation/rules.service.ts';
import { loadConfig, sendMail } from '../mail/mail.service.ts';
import { studentParent } from '../circ-records/circ-records.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { school } from '../school/school.table.ts';
import { getSetting } from '../settings/settings.service.ts';
import { type MailData, renderReminder } from './reminder.templates.ts';
import { reminderLog } from './reminder-log.table.ts';

/** Stored in reminder_log.error for a reader without an e-mail address (translated when listed). */
export const NO_ADDRESS = 'NO_ADDRESS';

type Kind = 'overdue' | 'due_soon';

/** Which open loans a kind covers, on the school's `today`: past due, or due within `daysBefore` days. */
function kindCond(kind: Kind, today: string, daysBefore: number): SQL {
  return kind === 'overdue'
    ? lt(loan.dueDate, today)
    : and(gte(loan.dueDate, today), lte(loan.dueDate, addDays(today, daysBefore)))!;
}

/** Readers of a class, or of the classes of a grade (the grade is the class's grade). */
function classCond(classId?: number, gradeId?: number): SQL | undefined {
  return and(
    classId ? eq(appUser.classId, classId) : undefined,
    gradeId
      ? inArray(
          appUser.classId,
          sql`(select ${schoolClass.id} from ${schoolClass} where ${schoolClass.gradeId} = ${gradeId})`,
        )
      : undefined,
  );
}

const lastReminded = sql<Date | null>`(select max(${reminderLog.createdAt}) from ${reminderLog}
  where ${reminderLog.schoolId} = ${loan.schoolId} and ${reminderLog.ok}
  and ${loan.id} = any(${reminderLog.loanIds}))`;

/** P/Reminder/GetDueList: open loans overdue (or due soon) with reader, class, e-mail and last reminder. */
export async function dueList(db: Db, scope: Scope, q: DueListQuery) {
  const today = await schoolToday(db, scope);
  const days = await getSetting<number>(db, scope, 'circ.reminderDaysBefore');
  const key = q.SearchKey ? likePattern(q.SearchKey) : null;
  const where = scope.where(
    loan,
    isNull(loan.returnedAt),
    kindCond(q.kind, today, days),
    classCond(q.classId, q.gradeId),
    key
      ? or(
          sql`${appUser.account} ilike ${key}`,
          sql`${appUser.name} ilike ${key}`,
          sql`${copy.barcode} ilike ${key}`,
          sql`${catalogueRecord.title} ilike ${key}`,
        )
      : undefined,
  );
  const base = () =>
    db
      .select({
        loanId: loan.id,
        readerId: appUser.id,
        readerAccount: appUser.account,
        readerName: appUser.name,
        className: schoolClass.name,
        email: appUser.email,
        barcode: copy.barcode,
        title: catalogueRecord.title,
        borrowedAt: loan.borrowedAt,
        dueDate: loan.dueDate,
        lastRemindedAt: lastReminded,
      })
      .from(loan)
      .innerJoin(appUser, eq(appUser.id, loan.userId))
      .innerJoin(copy, eq(copy.id, loan.copyId))
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
      .leftJoin(schoolClass, eq(schoolClass.id, appUser.classId));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(loan)
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(loan.dueDate), asc(appUser.account), asc(loan.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  // Overdue days count open days only (closed days are not charged); a loan not yet due keeps its days to go (≤ 0).
  const overdue = await overdueDayCounter(db, scope, today);
  return list(
    rows.map((r) => ({
      ...r,
      borrowedAt: r.borrowedAt.toISOString(),
      overdueDays: r.dueDate < today ? overdue(r.dueDate) : daysBetween(r.dueDate, today),
      lastRemindedAt: r.lastRemindedAt ? new Date(r.lastRemindedAt).toISOString() : null,
    })),
    n,
  );
}

export interface SendOptions {
  kind: Kind;
  loanIds?: number[];
  trigger: 'schedule' | 'manual';
  operatorId: number | null;
  /** Schedule: skip readers who got this kind of message successfully within the last N days. */
  skipRemindedWithinDays?: number;
  /** Schedule, due soon: only loans due exactly this day. */
  dueOn?: string;
  /** "Send all" of a filtered screen: readers of this class / grade only. */
  classId?: number;
  gradeId?: number;
}

/** The reader's language: their own preference if stored, else Chinese (the school default). */
const readerLang = (lang: string | null): 'zh' | 'en' => (lang === 'en' ? 'en' : 'zh');

async function schoolName(db: Db, schoolId: number, lang: 'zh' | 'en'): Promise<string> {
  const [s] = await db.select({ name: school.name, enName: school.enName }).from(school).where(eq(school.id, schoolId));
  return (lang === 'en' ? s?.enName || s?.name : s?.name) ?? '';
}

/**
 * Where a reader's messages go: their own e-mail, else the e-mail addresses of the parents linked to them
 * (student_parent), comma-separated; '' when nobody can be written to.
 */
export async function readerAddress(
  db: Db,
  schoolId: number,
  reader: { id: number; email: string | null },
): Promise<string> {
  if (reader.email) return reader.email;
  const parents = await db
    .select({ email: appUser.email })
    .from(studentParent)
    .innerJoin(appUser, eq(appUser.id, studentParent.parentId))
    .where(
      and(
        new Scope(schoolId).where(studentParent, eq(studentParent.studentId, reader.id)),
        eq(appUser.schoolId, schoolId),
        sql`coalesce(${appUser.email}, '') <> ''`,
      ),
    )
    .orderBy(asc(studentParent.id));
  return [...new Set(parents.map((p) => p.email as string))].join(', ');
}

/**
 * Sends one message to one reader through the school's SMTP settings and logs it (kind, address, subject,
 * ok or the server's reason). Never throws for a sending failure: the log says what happened.
 */
export async function sendToReader(
  app: FastifyInstance,
  schoolId: number,
  reader: { id: number; name: string; email: string | null; lang: string | null },
  kind: ReminderKind,
  data: Omit<MailData, 'readerName' | 'schoolName'>,
  meta: { trigger: 'schedule' | 'manual'; operatorId: number | null; loanIds?: number[]; reservationId?: number },
): Promise<'sent' | 'failed' | 'noAddress'> {
  const db = app.database.db;
  const lang = readerLang(reader.lang);
  const msg = renderReminder(kind, lang, {
    ...data,
    readerName: reader.name,
    schoolName: await schoolName(db, schoolId, lang),
  });
  let ok = false;
  let error = '';
  const to = await readerAddress(db, schoolId, reader);
  if (!to) error = NO_ADDRESS;
  else {
    try {
      await sendMail(app, schoolId, { to, ...msg });
      ok = true;
    } catch (e) {
      error = e instanceof BizError ? String(e.params?.reason ?? e.errorCode) : String((e as Error)?.message ?? e);
    }
  }
  await db.insert(reminderLog).values(
    new Scope(schoolId).values({
      readerId: reader.id,
      kind,
      trigger: meta.trigger,
      loanIds: meta.loanIds ?? [],
      reservationId: meta.reservationId ?? null,
      toAddress: to,
      lang,
      subject: msg.subject,
      ok,
      error: error.slice(0, 500),
      operatorId: meta.operatorId,
    }),
  );
  return ok ? 'sent' : to ? 'failed' : 'noAddress';
}

/**
 * Overdue or due-soon reminders: the open loans of the kind (or the given `loanIds`, of any kind) grouped by
 * reader, one message per reader in their language. A school without SMTP settings → MAIL_NOT_CONFIGURED
 * before anything is sent; each message's outcome is logged, a refused one never stops the others.
 */
export async function sendReminders(
  app: FastifyInstance,
  schoolId: number,
  o: SendOptions,
): Promise<SendRemindersResult> {
  const db = app.database.db;
  const scope = new Scope(schoolId);
  if (!(await loadConfig(db, scope))) throw fail('MAIL_NOT_CONFIGURED', 'mail.notConfigured');
  const today = await schoolToday(db, scope);
  const days = await getSetting<number>(db, scope, 'circ.reminderDaysBefore');
  const cond = o.loanIds
    ? inArray(loan.id, o.loanIds.length ? o.loanIds : [0])
    : o.dueOn
      ? eq(loan.dueDate, o.dueOn)
      : kindCond(o.kind, today, days);
  const recent = o.skipRemindedWithinDays
    ? sql`not exists (select 1 from ${reminderLog} where ${reminderLog.schoolId} = ${schoolId}
        and ${reminderLog.readerId} = ${loan.userId} and ${reminderLog.kind} = ${o.kind} and ${reminderLog.ok}
        and ${reminderLog.createdAt} > now() - make_interval(days => ${o.skipRemindedWithinDays}))`
    : undefined;
  const rows = await db
    .select({
      loanId: loan.id,
      dueDate: loan.dueDate,
      barcode: copy.barcode,
      title: catalogueRecord.title,
      reader: { id: appUser.id, name: appUser.name, email: appUser.email, lang: appUser.lang },
    })
    .from(loan)
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .innerJoin(copy, eq(copy.id, loan.copyId))
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, loan.recordId))
    .where(
      scope.where(loan, isNull(loan.returnedAt), cond, recent, o.loanIds ? undefined : classCond(o.classId, o.gradeId)),
    )
    .orderBy(asc(appUser.id), asc(loan.dueDate), asc(loan.id));
  const overdue = await overdueDayCounter(db, scope, today);
  const byReader = new Map<number, typeof rows>();
  for (const r of rows) byReader.set(r.reader.id, [...(byReader.get(r.reader.id) ?? []), r]);
  const out: SendRemindersResult = { sent: 0, failed: 0, noAddress: 0, loans: rows.length };
  for (const all of byReader.values()) {
    // A chosen set may mix overdue and due-soon loans: the message is an overdue one if any is overdue.
    const kind: Kind = o.loanIds ? (all.some((l) => l.dueDate < today) ? 'overdue' : 'due_soon') : o.kind;
    let loans = all;
    // The schedule notes a reader nobody can be written to once per loan and kind, not every day.
    if (o.trigger === 'schedule' && !(await readerAddress(db, schoolId, all[0].reader))) {
      const noted = await noAddressLoans(db, scope, all[0].reader.id, kind);
      loans = all.filter((l) => !noted.has(l.loanId));
      if (!loans.length) continue;
    }
    const r = await sendToReader(
      app,
      schoolId,
      loans[0].reader,
      kind,
      {
        loans: loans.map((l) => ({
          title: l.title,
          barcode: l.barcode,
          dueDate: l.dueDate,
          overdueDays: l.dueDate < today ? overdue(l.dueDate) : daysBetween(l.dueDate, today),
        })),
      },
      { trigger: o.trigger, operatorId: o.operatorId, loanIds: loans.map((l) => l.loanId) },
    );
    out[r]++;
  }
  return out;
}

/** Loans of the reader already logged as NO_ADDRESS for this kind. */
async function noAddressLoans(db: Db, scope: Scope, readerId: number, kind: Kind): Promise<Set<number>> {
  const rows = await db
    .select({ ids: reminderLog.loanIds })
    .from(reminderLog)
    .where(
      scope.where(
        reminderLog,
        eq(reminderLog.readerId, readerId),
        eq(reminderLog.kind, kind),
        eq(reminderLog.error, NO_ADDRESS),
      ),
    );
  return new Set(rows.flatMap((r) => r.ids));
}

/**
 * The daily run for every active school with SMTP settings and automatic reminders on (setting
 * circ.overdueReminder): overdue reminders (a reader at most once a week), and due-soon reminders for loans
 * due in exactly circ.reminderDaysBefore days (0 = off).
 */
export async function runDailyReminders(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const schools = await db.select({ id: school.id }).from(school).where(eq(school.state, 1));
  for (const s of schools) {
    const scope = new Scope(s.id);
    if (!(await getSetting<boolean>(db, scope, 'circ.overdueReminder'))) continue;
    if (!(await loadConfig(db, scope))) continue;
    try {
      const common = { trigger: 'schedule' as const, operatorId: null };
      await sendReminders(app, s.id, { ...common, kind: 'overdue', skipRemindedWithinDays: 7 });
      const days = await getSetting<number>(db, scope, 'circ.reminderDaysBefore');
      if (days > 0) {
        const dueOn = addDays(await schoolToday(db, scope), days);
        await sendReminders(app, s.id, { ...common, kind: 'due_soon', dueOn, skipRemindedWithinDays: 1 });
      }
    } catch (e) {
      app.log.error({ err: e, schoolId: s.id }, 'daily reminders failed');
    }
  }
}

/** Log rows of a school, newest first (for the kit list of P/Reminder/GetReminderLogList). */
export const logOrder = [desc(reminderLog.createdAt), desc(reminderLog.id)];
