import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();
const C = `${P}/Config`;

describe('settings', () => {
  it('defaults until saved; saved values are per school', async () => {
    const d = await t.post(`${C}/GetConfigData`, { keys: ['circ.borrowVerify', 'circ.reservationHoldDays', 'nope'] });
    expect(d.json.data).toEqual({ 'circ.borrowVerify': false, 'circ.reservationHoldDays': 3 });
    const save = await t.post(`${C}/SaveSettings`, {
      screen: 'setting',
      values: { 'circ.borrowVerify': true, 'school.timeZone': 'Asia/Urumqi', 'school.displayName': '实验小学图书馆' },
    });
    expect(save.json.code).toBe(0);
    const all = (await t.post(`${C}/GetConfigData`, {})).json.data;
    expect(all).toMatchObject({
      'circ.borrowVerify': true,
      'school.timeZone': 'Asia/Urumqi',
      'security.passwordPolicy': true,
    });
    const s2 = await buildSchool(t.db);
    const u2 = await buildUser(t.db, s2, { permissions: [] });
    const other = await t.post(`${C}/GetConfigData`, {}, { token: u2.token, schoolId: s2 });
    expect(other.json.data['circ.borrowVerify']).toBe(false);
    const list = await t.post(`${C}/GetSettingList`, { screen: 'basic-config' });
    const od = list.json.data.find((i: any) => i.key === 'circ.overdueMode');
    expect(od).toMatchObject({
      type: 'select',
      value: 'unified-lendable',
      options: ['unified-lendable', 'unified-refusal', 'single'],
    });
    expect(list.json.data.every((i: any) => !i.key.startsWith('school.'))).toBe(true);
  });

  it('reports every bad value under its key and saves nothing', async () => {
    const r = await t.post(`${C}/SaveSettings`, {
      screen: 'basic-config',
      values: {
        'circ.reservationHoldDays': 0,
        'circ.overdueMode': 'whatever',
        'school.logo': '/files/x.png',
        'circ.reminderDaysBefore': 10,
      },
    });
    expect(r.json.errorCode).toBe('VALIDATION');
    expect(r.json.issues.map((i: any) => i.path).sort()).toEqual([
      'values.circ.overdueMode',
      'values.circ.reservationHoldDays',
      'values.school.logo',
    ]);
    const got = await t.post(`${C}/GetConfigData`, { keys: ['circ.reminderDaysBefore'] });
    expect(got.json.data['circ.reminderDaysBefore']).toBe(2);
    const tz = await t.post(`${C}/SaveSettings`, { screen: 'setting', values: { 'school.timeZone': 'Mars/Base' } });
    expect(tz.json.issues[0]).toEqual({ path: 'values.school.timeZone', message: 'Invalid time zone' });
  });

  it('screens need their permission; saving needs :edit', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['setting'] });
    expect((await t.post(`${C}/GetSettingList`, { screen: 'setting' }, { token: viewer.token })).json.code).toBe(0);
    expect((await t.post(`${C}/GetSettingList`, { screen: 'basic-config' }, { token: viewer.token })).status).toBe(403);
    const save = await t.post(
      `${C}/SaveSettings`,
      { screen: 'setting', values: { 'ui.menuVersion': 'new' } },
      { token: viewer.token },
    );
    expect(save.status).toBe(403);
    expect((await t.post(`${C}/GetConfigData`, {}, { token: viewer.token })).json.data['ui.menuVersion']).toBe('old');
  });
});
