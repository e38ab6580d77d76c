import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const G = `${P}/Gate`;
const S = `${P}/Statistics`;

/** A device client made on /sys/devices and its client-credentials token. */
async function deviceToken(name: string, opts: { token?: string; schoolId?: number } = {}) {
  const add = await t.post(`${P}/Device/AddClient`, { name }, opts);
  expect(add.json.success, add.json.msg).toBe(true);
  const { clientId, clientSecret } = add.json.data;
  const tok = await t.inject({
    method: 'POST',
    url: '/oauth2/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(clientSecret)}`,
  });
  return tok.json().access_token as string;
}

/** Yesterday in Shanghai (the school's zone): devices may send buffered events of the last days. */
const day = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
const at = (hm: string) => `${day}T${hm}:00+08:00`;

let gate: string;
let screen: string;
const scope = () => new Scope(t.schoolId);

beforeAll(async () => {
  const [g] = await t.db
    .insert(grade)
    .values(scope().values({ name: 'Grade 3' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope().values({ gradeId: g.id, name: 'Class 2' }))
    .returning();
  await t.db
    .insert(appUser)
    .values([
      scope().values({ account: 'R001', name: '李小红', identity: 'student', classId: c.id, cardRfid: 'E004A1' }),
      scope().values({ account: 'R002', name: 'Tom Teacher', identity: 'teacher' }),
      scope().values({ account: 'R003', name: 'Gone Reader', identity: 'student', state: 0 }),
    ]);
  const [rec] = await t.db
    .insert(catalogueRecord)
    .values(scope().values({ title: '草房子' }))
    .returning();
  const copies = await t.db
    .insert(copy)
    .values([
      scope().values({ recordId: rec.id, barcode: 'G0001', rfid: 'UID-1', callNo: 'I287/1' }),
      scope().values({ recordId: rec.id, barcode: 'G0002', callNo: 'I287/1', circState: 'borrowed' }),
    ])
    .returning();
  const [reader] = await t.db.select().from(appUser).where(scope().where(appUser)).limit(1);
  await t.db
    .insert(loan)
    .values(scope().values({ copyId: copies[1].id, recordId: rec.id, userId: reader.id, dueDate: '2099-01-01' }));
  gate = await deviceToken('North gate');
  screen = await deviceToken('Entrance screen');
});

describe('the gate reports passes through the device API', () => {
  it('records passes, names the reader of a known card and counts the rest', async () => {
    const r = await t.post(
      `${G}/PostPasses`,
      {
        events: [
          { direction: 'in', at: at('08:05'), gate: 'North 1', card: 'R001' },
          { direction: 'in', at: at('08:40'), gate: 'North 1', card: 'E004A1' },
          { direction: 'in', at: at('08:50'), gate: 'North 2' },
          { direction: 'in', at: at('10:10'), gate: 'North 2', card: 'NOPE' },
          { direction: 'out', at: at('10:30'), gate: 'North 1', card: 'R002' },
          { direction: 'in', at: at('10:45'), card: 'R003' },
        ],
      },
      { token: gate, schoolId: null },
    );
    expect(r.json.success, r.json.msg).toBe(true);
    // R003's account is disabled: its card identifies no one, like an unknown card.
    expect(r.json.data).toEqual({ accepted: 6, unknownCards: 2 });

    const list = await t.post(`${S}/EntryExitRecords`, { period: 'day', date: day, Page: 1, Rows: 20 }, { lang: 'en' });
    expect(list.json.success, list.json.msg).toBe(true);
    expect(list.json.data.Total).toBe(6);
    const first = list.json.data.List.at(-1);
    expect(first).toMatchObject({
      direction: 'in',
      source: 'gate',
      gate: 'North 1',
      device: 'North gate',
      account: 'R001',
      readerName: '李小红',
      gradeName: 'Grade 3',
      className: 'Class 2',
    });
    // Newest first; filters by direction, by class and by a typed name.
    expect(list.json.data.List[0].readerName).toBe('');
    const outs = await t.post(`${S}/EntryExitRecords`, { period: 'day', date: day, direction: 'out' });
    expect(outs.json.data.List.map((x: any) => x.account)).toEqual(['R002']);
    const teachers = await t.post(`${S}/EntryExitRecords`, { period: 'day', date: day, identity: 'student' });
    expect(teachers.json.data.Total).toBe(2);
    const typed = await t.post(`${S}/EntryExitRecords`, { period: 'day', date: day, SearchKey: '小红' });
    expect(typed.json.data.Total).toBe(2);
  });

  it('counts visits per hour and per day, with different readers and the busiest hour', async () => {
    const byHour = await t.post(`${S}/Visits`, { period: 'day', date: day, by: 'hour' });
    expect(byHour.json.success, byHour.json.msg).toBe(true);
    const d = byHour.json.data;
    expect(d.List).toHaveLength(24);
    expect(d.List[8]).toEqual({ key: '8', ins: 3, outs: 0, readers: 1 });
    expect(d.List[10]).toEqual({ key: '10', ins: 2, outs: 1, readers: 0 });
    expect(d.total).toEqual({ ins: 5, outs: 1, readers: 1, peakHour: 8 });
    const byDay = await t.post(`${S}/Visits`, { period: 'month', date: day, by: 'day' });
    expect(byDay.json.data.List.find((x: any) => x.key === day)).toEqual({ key: day, ins: 5, outs: 1, readers: 1 });
    // A reader filter counts the passes that identified such a reader only.
    const students = await t.post(`${S}/Visits`, { period: 'day', date: day, by: 'hour', identity: 'student' });
    expect(students.json.data.total).toEqual({ ins: 2, outs: 0, readers: 1, peakHour: 8 });
  });

  it('refuses an event time far in the past or in the future, in the caller language', async () => {
    const r = await t.post(
      `${G}/PostPasses`,
      { events: [{ direction: 'in', at: '2020-01-01T08:00:00+08:00' }] },
      { token: gate, schoolId: null, lang: 'en' },
    );
    expect(r.json.success).toBe(false);
    expect(r.json.issues[0]).toMatchObject({ path: 'events.0.at' });
    expect(r.json.issues[0].message).toContain('last 31 days');
    const bad = await t.post(
      `${G}/PostPasses`,
      { events: [{ direction: 'sideways' }] },
      { token: gate, schoolId: null, lang: 'zh' },
    );
    expect(bad.json.success).toBe(false);
  });
});

describe('the entrance screen', () => {
  it('greets a reader by card and counts their visits today; an unknown card is refused and not counted', async () => {
    const a = await t.post(`${G}/CardScan`, { card: 'e004a1'.toUpperCase() }, { token: screen, schoolId: null });
    expect(a.json.success, a.json.msg).toBe(true);
    expect(a.json.data).toMatchObject({
      direction: 'in',
      name: '李小红',
      className: 'Grade 3 Class 2',
      visitsToday: 1,
    });
    const b = await t.post(`${G}/CardScan`, { card: 'R001' }, { token: screen, schoolId: null });
    expect(b.json.data.visitsToday).toBe(2);
    const unknown = await t.post(`${G}/CardScan`, { card: 'X999' }, { token: screen, schoolId: null, lang: 'zh' });
    expect(unknown.json.success).toBe(false);
    expect(unknown.json.msg).toBe('未找到此读者证，请到服务台咨询');
    const today = await t.post(`${S}/EntryExitRecords`, { period: 'day', source: 'card' });
    expect(today.json.data.Total).toBe(2);
    expect(today.json.data.List[0]).toMatchObject({ source: 'card', device: 'Entrance screen', account: 'R001' });
  });
});

describe('the security gate', () => {
  it('alarms for a copy not on loan, lets a lent copy pass, ignores a tag of no copy, and lists the alarms', async () => {
    const r = await t.post(
      `${G}/CheckTags`,
      { tags: ['UID-1', 'G0002', 'OTHER-LIB'], gate: 'North 1' },
      { token: gate, schoolId: null },
    );
    expect(r.json.success, r.json.msg).toBe(true);
    expect(r.json.data.List).toEqual([
      { tag: 'UID-1', alarm: true, barcode: 'G0001', title: '草房子' },
      { tag: 'G0002', alarm: false, barcode: 'G0002', title: '草房子' },
      { tag: 'OTHER-LIB', alarm: false, barcode: null, title: null },
    ]);
    await t.post(`${G}/CheckTags`, { tags: ['G0001'] }, { token: gate, schoolId: null });
    const list = await t.post(`${S}/Alarms`, { period: 'day', Page: 1, Rows: 20 });
    expect(list.json.success, list.json.msg).toBe(true);
    expect(list.json.data.Total).toBe(2);
    expect(list.json.data.List.map((x: any) => [x.tag, x.barcode, x.title, x.circState, x.device])).toEqual([
      ['G0001', 'G0001', '草房子', 'available', 'North gate'],
      ['UID-1', 'G0001', '草房子', 'available', 'North gate'],
    ]);
    const one = await t.post(`${S}/Alarms`, { period: 'day', gate: 'North 1' });
    expect(one.json.data.Total).toBe(1);
    // Alarms are no visits.
    const v = await t.post(`${S}/Visits`, { period: 'day', by: 'hour' });
    expect(v.json.data.total.ins).toBe(2);
  });
});

describe('who may report and who may read', () => {
  it('takes reports from device tokens only and keeps each school to its own records', async () => {
    const asPerson = await t.post(`${G}/PostPasses`, { events: [{ direction: 'in' }] });
    expect(asPerson.status).toBe(403);
    const anonymous = await t.post(`${G}/CardScan`, { card: 'R001' }, { token: null });
    expect(anonymous.status).toBe(401);
    // A device reads no back-office report.
    const peek = await t.post(`${S}/EntryExitRecords`, { period: 'day' }, { token: gate, schoolId: null });
    expect(peek.status).toBe(403);
    // Another school's gate: its passes are its own; the first school's card means nothing there.
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, {
      permissions: ['sys.devices', 'sys.devices:add', 'entry-exit-records', 'alarm-record', 'inoutstatistic'],
    });
    const theirGate = await deviceToken('Their gate', { token: admin2.token, schoolId: other });
    const r = await t.post(
      `${G}/PostPasses`,
      { events: [{ direction: 'in', card: 'R001' }] },
      { token: theirGate, schoolId: t.schoolId },
    );
    expect(r.json.data).toEqual({ accepted: 1, unknownCards: 1 });
    const tags = await t.post(`${G}/CheckTags`, { tags: ['G0001'] }, { token: theirGate, schoolId: null });
    expect(tags.json.data.List[0]).toMatchObject({ alarm: false, barcode: null });
    const theirs = await t.post(`${S}/EntryExitRecords`, { period: 'day' }, { token: admin2.token, schoolId: other });
    expect(theirs.json.data.Total).toBe(1);
    const alarms = await t.post(`${S}/Alarms`, { period: 'day' }, { token: admin2.token, schoolId: other });
    expect(alarms.json.data.Total).toBe(0);
    const ours = await t.post(`${S}/EntryExitRecords`, { period: 'day' });
    expect(ours.json.data.Total).toBe(2);
  });
});
