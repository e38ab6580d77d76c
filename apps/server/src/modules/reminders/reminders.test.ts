import { P } from '@shuyuan/contracts/common/paths';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { loan } from '../circulation/circulation.table.ts';
import { addDays, schoolToday } from '../circulation/rules.service.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { notifyReady, settleNotices } from '../reservations/reservation.notify.ts';
import { studentParent } from '../circ-records/circ-records.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { setting } from '../settings/setting.table.ts';
import { reminderLog } from './reminder-log.table.ts';
import { renderReminder } from './reminder.templates.ts';
import { decodeMail } from './mail-decode.test-util.ts';
import { runDailyReminders } from './reminders.service.ts';

const t = useTestApp();
const PORT = 4170 + (process.env.TEST_DATABASE_URL ? 1 : 0);
let received: { to: string[]; subject: string; body: string }[] = [];
let refuse = false;
let server: SMTPServer;
let scope: Scope;
const C = `${P}/Circulation`;
const R = `${P}/Reminder`;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    onRcptTo(_address, _s, cb) {
      if (refuse) return cb(new Error('Mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c) => {
        data += c.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...decodeMail(data) });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(PORT, '127.0.0.1', () => r()));
  scope = new Scope(t.schoolId);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const mailSetup = () =>
  t.post(`${P}/Mail/SaveMailConfig`, {
    host: '127.0.0.1',
    port: PORT,
    secure: false,
    user: '',
    from: 'library@school.test',
    fromName: '图书馆',
  });

/** Lends `n` copies of one title to a reader and moves their due date to `due`. */
async function lend(account: string, n: number, due: string): Promise<number[]> {
  const ids: number[] = [];
  for (const b of await makeCopies(t.db, scope, n)) {
    const r = await t.post(`${C}/LiteratureCirc`, { readerBarcode: account, barcode: b });
    ids.push(r.json.data.loanId);
  }
  await t.db.update(loan).set({ dueDate: due }).where(inArray(loan.id, ids));
  return ids;
}

describe('reminders by e-mail', () => {
  it('refuses to send before the school set up its SMTP server', async () => {
    const r = await t.post(`${R}/SendReminders`, {}, { lang: 'zh' });
    expect(r.json.errorCode).toBe('MAIL_NOT_CONFIGURED');
  });

  it('sends one overdue reminder per reader in their language and logs each, with or without address', async () => {
    expect((await mailSetup()).json.code).toBe(0);
    const zh = await makeReader(t.db, scope, { name: '陈同学', email: 'chen@school.test' });
    const en = await makeReader(t.db, scope, { name: 'Amy', email: 'amy@school.test', lang: 'en' });
    const none = await makeReader(t.db, scope, { name: '无邮箱' });
    await lend(zh.account, 2, '2026-01-05');
    await lend(en.account, 1, '2026-01-05');
    await lend(none.account, 1, '2026-01-05');

    const due = await t.post(`${R}/GetDueList`, { kind: 'overdue' });
    expect(due.json.data.Total).toBe(4);
    expect(due.json.data.List[0].overdueDays).toBeGreaterThan(0);

    const res = await t.post(`${R}/SendReminders`, { kind: 'overdue' });
    expect(res.json.data).toEqual({ sent: 2, failed: 0, noAddress: 1, loans: 4 });
    const toChen = received.find((m) => m.to[0] === 'chen@school.test')!;
    expect(toChen.subject).toContain('图书超期催还通知');
    expect(toChen.body).toContain('陈同学，您好');
    expect(toChen.body).toContain('已超期');
    const toAmy = received.find((m) => m.to[0] === 'amy@school.test')!;
    expect(toAmy.subject).toContain('Overdue items');
    expect(toAmy.body).toContain('Dear Amy');

    const log = await t.post(`${R}/GetReminderLogList`, {}, { lang: 'en' });
    expect(log.json.data.Total).toBe(3);
    const noAddr = log.json.data.List.find((l: any) => l.readerAccount === none.account);
    expect(noAddr).toMatchObject({
      ok: false,
      error: 'The reader has no e-mail address',
      kind: 'overdue',
      trigger: 'manual',
    });
    expect(log.json.data.List.find((l: any) => l.readerAccount === zh.account)).toMatchObject({
      ok: true,
      loanCount: 2,
      lang: 'zh',
    });
    const after = await t.post(`${R}/GetDueList`, { kind: 'overdue', SearchKey: zh.account });
    expect(after.json.data.List[0].lastRemindedAt).not.toBeNull();
  });

  it('logs a refused message with the server’s reason instead of failing the run', async () => {
    const r = await makeReader(t.db, scope, { email: 'gone@school.test' });
    const ids = await lend(r.account, 1, '2026-01-10');
    refuse = true;
    try {
      const res = await t.post(`${C}/SendReminders`, { loanIds: ids });
      expect(res.json.data).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      refuse = false;
    }
    const log = await t.post(`${R}/GetReminderLogList`, { result: 'failed', SearchKey: 'gone@school.test' });
    expect(log.json.data.List[0].error).toContain('Mailbox unavailable');
  });

  it('the daily run sends when switched on, once a week per reader, and due-soon notices on the day', async () => {
    received = [];
    await runDailyReminders(t.app);
    expect(received).toHaveLength(0); // circ.overdueReminder is off by default
    await t.db.insert(setting).values(scope.values({ key: 'circ.overdueReminder', value: true }));
    const today = await schoolToday(t.db, scope);
    const soon = await makeReader(t.db, scope, { name: 'Ben', email: 'ben@school.test', lang: 'en' });
    await lend(soon.account, 1, addDays(today, 2)); // circ.reminderDaysBefore = 2
    await runDailyReminders(t.app);
    const overdueMails = received.filter((m) => m.subject.includes('Overdue') || m.subject.includes('超期'));
    // Readers reminded by hand minutes ago are not written to again; the refused one is retried.
    expect(overdueMails.map((m) => m.to[0]).sort()).toEqual(['gone@school.test']);
    const soonMail = received.find((m) => m.to[0] === 'ben@school.test')!;
    expect(soonMail.subject).toContain('Items due soon');
    received = [];
    await runDailyReminders(t.app);
    expect(received).toHaveLength(0);
  });

  it('tells a reader their reservation is waiting on the hold shelf', async () => {
    received = [];
    const r = await makeReader(t.db, scope, { name: '周同学', email: 'zhou@school.test' });
    const [b] = await makeCopies(t.db, scope, 1);
    const res = await t.post(`${C}/AddReservation`, { readerBarcode: r.account, barcode: b });
    expect(res.json.data.state).toBe('ready');
    await notifyReady(t.app, t.schoolId);
    await settleNotices(); // the notice the reservation itself started may be the one that sent it
    const m = received.find((x) => x.to[0] === 'zhou@school.test')!;
    expect(m.subject).toContain('您预约的图书已到馆');
    expect(m.body).toContain(b);
    expect(m.body).toContain(res.json.data.holdUntil);
    const log = await t.post(`${R}/GetReminderLogList`, { kind: 'hold_ready' });
    expect(log.json.data.List[0]).toMatchObject({ readerAccount: r.account, ok: true });
    // Claimed once: a second run sends nothing.
    received = [];
    await notifyReady(t.app, t.schoolId);
    expect(received).toHaveLength(0);
  });

  it('checks permissions per screen and keeps schools apart', async () => {
    const desk = await buildUser(t.db, t.schoolId, { permissions: ['no-return', 'no-return:remind'] });
    expect((await t.post(`${C}/SendReminders`, { loanIds: [1] }, { token: desk.token })).json.code).toBe(0);
    expect((await t.post(`${R}/SendReminders`, {}, { token: desk.token })).status).toBe(403);
    expect((await t.post(`${R}/GetReminderLogList`, {}, { token: desk.token })).status).toBe(403);
    const s2 = await buildSchool(t.db);
    const them = await buildUser(t.db, s2, { permissions: ['*'] });
    const as = { token: them.token, schoolId: s2 };
    expect((await t.post(`${R}/GetDueList`, {}, as)).json.data.Total).toBe(0);
    expect((await t.post(`${R}/GetReminderLogList`, {}, as)).json.data.Total).toBe(0);
    const [own] = await t.db.select({ id: loan.id }).from(loan).where(eq(loan.schoolId, t.schoolId)).limit(1);
    expect((await t.post(`${R}/SendReminders`, { loanIds: [own.id] }, as)).json.errorCode).toBe('MAIL_NOT_CONFIGURED');
    // With their own SMTP server, another school's loan ids still reach nobody.
    const cfg = { host: '127.0.0.1', port: PORT, secure: false, user: '', from: 'lib@two.test', fromName: '' };
    await t.post(`${P}/Mail/SaveMailConfig`, cfg, as);
    received = [];
    const res = await t.post(`${R}/SendReminders`, { loanIds: [own.id] }, as);
    expect(res.json.data).toEqual({ sent: 0, failed: 0, noAddress: 0, loans: 0 });
    expect(received).toHaveLength(0);
  });
});

describe('reminders: parents, repeated runs, filters, wording', () => {
  it('writes to the linked parents when the student has no e-mail address', async () => {
    received = [];
    const kid = await makeReader(t.db, scope, { name: '小明' });
    const mum = await makeReader(t.db, scope, { name: '妈妈', identity: 'parent', email: 'mum@home.test' });
    const dad = await makeReader(t.db, scope, { name: '爸爸', identity: 'parent', email: 'dad@home.test' });
    const quiet = await makeReader(t.db, scope, { name: '无邮箱家长', identity: 'parent' });
    for (const p of [mum, dad, quiet])
      await t.db.insert(studentParent).values(scope.values({ studentId: kid.id, parentId: p.id }));
    const ids = await lend(kid.account, 1, '2026-02-01');
    const res = await t.post(`${R}/SendReminders`, { loanIds: ids });
    expect(res.json.data).toMatchObject({ sent: 1, noAddress: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to.sort()).toEqual(['dad@home.test', 'mum@home.test']);
    expect(received[0].body).toContain('小明，您好');
    const log = await t.post(`${R}/GetReminderLogList`, { SearchKey: 'mum@home.test' });
    expect(log.json.data.List[0]).toMatchObject({ readerAccount: kid.account, ok: true });
  });

  it('the daily run notes a reader without any address once per loan and kind, not every day', async () => {
    await t.db.delete(setting).where(eq(setting.key, 'circ.overdueReminder'));
    await t.db.insert(setting).values(scope.values({ key: 'circ.overdueReminder', value: true }));
    const lone = await makeReader(t.db, scope, { name: '无人可寄' });
    const [first] = await lend(lone.account, 1, '2026-03-01');
    const failures = async () =>
      (await t.db.select().from(reminderLog).where(eq(reminderLog.readerId, lone.id))).map((r) => [
        r.kind,
        r.error,
        r.loanIds,
      ]);
    await runDailyReminders(t.app);
    await runDailyReminders(t.app);
    expect(await failures()).toEqual([['overdue', 'NO_ADDRESS', [first]]]);
    // A new overdue loan is noted once, on its own.
    const [second] = await lend(lone.account, 1, '2026-03-02');
    await runDailyReminders(t.app);
    await runDailyReminders(t.app);
    expect(await failures()).toEqual([
      ['overdue', 'NO_ADDRESS', [first]],
      ['overdue', 'NO_ADDRESS', [second]],
    ]);
  });

  it('"send all" honours the class and grade filters of the screen', async () => {
    const [g] = await t.db
      .insert(grade)
      .values(scope.values({ name: '提醒年级' }))
      .returning();
    const [c1] = await t.db
      .insert(schoolClass)
      .values(scope.values({ gradeId: g.id, name: '甲班' }))
      .returning();
    const [c2] = await t.db
      .insert(schoolClass)
      .values(scope.values({ gradeId: g.id, name: '乙班' }))
      .returning();
    const a = await makeReader(t.db, scope, { email: 'a@class.test', classId: c1.id });
    const b = await makeReader(t.db, scope, { email: 'b@class.test', classId: c2.id });
    await lend(a.account, 1, '2026-04-01');
    await lend(b.account, 1, '2026-04-01');
    received = [];
    const one = await t.post(`${C}/SendReminders`, { kind: 'overdue', classId: c1.id });
    expect(one.json.data).toMatchObject({ sent: 1, loans: 1 });
    expect(received.map((m) => m.to[0])).toEqual(['a@class.test']);
    received = [];
    const both = await t.post(`${C}/SendReminders`, { kind: 'overdue', gradeId: g.id });
    expect(both.json.data).toMatchObject({ sent: 2, loans: 2 });
    expect(received.map((m) => m.to[0]).sort()).toEqual(['a@class.test', 'b@class.test']);
    const listed = await t.post(`${R}/GetDueList`, { kind: 'overdue', gradeId: g.id });
    expect(listed.json.data.Total).toBe(2);
  });

  it('says "1 day overdue" in English and "days" from two on', () => {
    const loans = [
      { title: 'A', barcode: 'B1', dueDate: '2026-01-01', overdueDays: 1 },
      { title: 'B', barcode: 'B2', dueDate: '2026-01-01', overdueDays: 2 },
    ];
    const m = renderReminder('overdue', 'en', { readerName: 'Amy', schoolName: 'S', loans });
    expect(m.text).toContain('due 2026-01-01, 1 day overdue');
    expect(m.text).toContain('due 2026-01-01, 2 days overdue');
    expect(m.text).not.toContain('1 days');
  });
});
