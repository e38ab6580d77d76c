import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();

describe('home dashboard', () => {
  it('counts readers and staff from the database; absent modules count zero', async () => {
    const before = (await t.post(`${P}/Home/GetDashboard`, {})).json.data;
    await buildUser(t.db, t.schoolId, { identity: 'student' });
    await buildUser(t.db, t.schoolId, { identity: 'student' });
    await buildUser(t.db, t.schoolId, { identity: 'teacher' });
    const s2 = await buildSchool(t.db);
    await buildUser(t.db, s2, { identity: 'student' });
    const d = (await t.post(`${P}/Home/GetDashboard`, { days: 7 })).json.data;
    expect(d.readers - before.readers).toBe(3);
    expect(d.readersByIdentity.find((r: any) => r.identity === 'student').count).toBe(
      (before.readersByIdentity.find((r: any) => r.identity === 'student')?.count ?? 0) + 2,
    );
    expect(d.staff).toBeGreaterThanOrEqual(1);
    expect(d.trend).toHaveLength(7);
    expect(d.trend[6].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (!d.sources.loans) expect(d.todayLoans).toBe(0);
    if (!d.sources.catalogue) expect(d.titles).toBe(0);
  });

  it('reads loans once the circulation table exists', async () => {
    const s = await buildSchool(t.db);
    const boss = await buildUser(t.db, s, { permissions: ['*'] });
    // The loan table belongs to circulation; these rows name copies and readers that do not exist (no FKs).
    await t.database.exec(`insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, returned_at, due_date)
      values (${s}, 900001, 0, 0, now(), null, current_date + 30),
      (${s}, 900002, 0, 0, now() - interval '40 days', null, current_date - 10),
      (${s}, 900003, 0, 0, now() - interval '2 days', now(), current_date + 28),
      (${t.schoolId}, 900004, 0, 0, now(), null, current_date + 30)`);
    const d = (await t.post(`${P}/Home/GetDashboard`, {}, { token: boss.token, schoolId: s })).json.data;
    expect(d.sources.loans).toBe(true);
    expect(d).toMatchObject({ todayLoans: 1, todayReturns: 1, onLoan: 2, overdue: 1 });
    expect(d.trend.reduce((a: number, x: any) => a + x.loans, 0)).toBe(2);
    await t.database.exec('delete from loan where copy_id between 900001 and 900004');
  });

  it('needs the home permission', async () => {
    const u = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(`${P}/Home/GetDashboard`, {}, { token: u.token })).status).toBe(403);
  });

  it('pins, orders and lists shortcuts per user, only menus the user may open', async () => {
    const u = await buildUser(t.db, t.schoolId, { permissions: ['sys.log.login', 'feedback', 'setting'] });
    const D = `${P}/Desktop`;
    const bad = await t.post(`${D}/AddHomeShortcuts`, { codes: ['feedback', 'sys.company'] }, { token: u.token });
    expect(bad.json.issues).toEqual([{ path: 'codes.1', message: 'This menu cannot be pinned' }]);
    const add = await t.post(`${D}/AddHomeShortcuts`, { codes: ['feedback', 'sys.log.login'] }, { token: u.token });
    expect(add.json.data.map((s: any) => s.url)).toEqual(['/feedback', '/sys/log/login']);
    await t.post(`${D}/AddHomeShortcuts`, { codes: ['sys.log.login', 'feedback', 'setting'] }, { token: u.token });
    await t.post(`${D}/UpdateHomeShortcutsSort`, { codes: ['setting', 'feedback'] }, { token: u.token });
    const got = await t.post(`${D}/GetHomeShortcuts`, {}, { token: u.token });
    expect(got.json.data.map((s: any) => s.code)).toEqual(['setting', 'feedback', 'sys.log.login']);
    expect(got.json.data[0]).toMatchObject({ MenuName: '系统设置', MenuEnName: 'System settings' });
    // The admin's shortcuts are their own.
    expect((await t.post(`${D}/GetHomeShortcuts`, {})).json.data).toEqual([]);
  });

  it('counts the day’s to-do items of the school, each with its screen, only those the caller may open', async () => {
    const s = await buildSchool(t.db);
    const boss = await buildUser(t.db, s, { permissions: ['*'] });
    const other = await buildSchool(t.db);
    // In this school: 2 ready holds (1 waiting does not count), 1 pending suggestion (1 handled does not),
    // 2 overdue loans (1 due in the future and 1 returned do not), 1 lost card. One of each in another school.
    await t.database.exec(`
      insert into reservation (school_id, reader_id, record_id, state) values
        (${s}, 1, 801, 'ready'), (${s}, 2, 802, 'ready'), (${s}, 3, 803, 'waiting'), (${other}, 4, 804, 'ready');
      insert into recommendation (school_id, title, state) values
        (${s}, 'A', 'pending'), (${s}, 'B', 'found'), (${other}, 'C', 'pending');
      insert into loan (school_id, copy_id, record_id, user_id, due_date, returned_at) values
        (${s}, 910001, 0, 0, current_date - 5, null), (${s}, 910002, 0, 0, current_date - 40, null),
        (${s}, 910003, 0, 0, current_date + 9, null), (${s}, 910004, 0, 0, current_date - 9, now()),
        (${other}, 910005, 0, 0, current_date - 5, null);`);
    await buildUser(t.db, s, { identity: 'student' });
    await t.database.exec(`update app_user set card_lost = true where school_id = ${s} and identity = 'student'`);
    const all = await t.post(`${P}/Home/GetTodo`, {}, { token: boss.token, schoolId: s });
    expect(all.json.data).toEqual([
      { key: 'holds', count: 2, path: '/reservation' },
      { key: 'suggestions', count: 1, path: '/recommendation' },
      { key: 'overdue', count: 2, path: '/recall' },
      { key: 'lostCards', count: 1, path: '/loss' },
    ]);
    // A librarian who handles only reservations sees only that item.
    const desk = await buildUser(t.db, s, { permissions: ['data-analysis', 'reservation'] });
    const mine = await t.post(`${P}/Home/GetTodo`, {}, { token: desk.token, schoolId: s });
    expect(mine.json.data).toEqual([{ key: 'holds', count: 2, path: '/reservation' }]);
    await t.database.exec('delete from loan where copy_id between 910001 and 910005');
  });
});
