import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const S = `${P}/Statistics`;

describe("report periods start on the school's day, not the browser's", () => {
  const t = useTestApp();

  it("gives the school's today with the filter options, and a board without a date is the school's today", async () => {
    // UTC+14: its day is ahead of every browser's but the Line Islands'.
    const school = await buildSchool(t.db, { timeZone: 'Pacific/Kiritimati' });
    const { token } = await buildUser(t.db, school, { permissions: ['*'] });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Pacific/Kiritimati' });
    const options = await t.post(`${S}/GetFilterOptions`, {}, { token, schoolId: school });
    expect(options.json.data.today).toBe(today);
    const day = await t.post(`${S}/DayRank`, {}, { token, schoolId: school });
    expect(day.json.data.period).toEqual({ from: today, to: today });
    const month = await t.post(`${S}/Circulation`, { period: 'month', by: 'day' }, { token, schoolId: school });
    expect(month.json.data.period.from).toBe(`${today.slice(0, 7)}-01`);
  });
});
