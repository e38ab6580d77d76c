import { P } from '@shuyuan/contracts/common/paths';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/gate/gate.messages.ts';
import '../apps/server/src/modules/statistics/statistics.messages.ts';
import { serverText, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { firstSheet, taskFile as taskOf } from './support/downloads.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * The entrance: a gate and an entrance screen report through the device API; the librarian reads the records,
 * the visits per hour and the alarms; the wall screen shows the day. Data: one reader of class 门禁一班, one copy
 * lent and one on the shelf, passes and an alarm sent by a gate device.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('visits');
const G = `${P}/Gate`;
let client: { clientId: string; clientSecret: string };
let school: number;

/** Picks an option of a report filter's select (again while the select does not show it: a dropdown still opening). */
async function choose(screen: Locator, testId: string, label: string): Promise<void> {
  const select = screen.getByTestId(testId);
  for (let i = 0; i < 5 && (await select.textContent())?.trim() !== label; i++) {
    await select.click();
    await s.page.locator('.ant-select-dropdown:visible').getByText(label, { exact: true }).last().click();
    await s.page.waitForTimeout(300);
  }
  expect((await select.textContent())?.trim()).toBe(label);
}

async function deviceToken(): Promise<string> {
  const r = await fetch(`${s.server.url}/oauth2/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials&client_id=${client.clientId}&client_secret=${encodeURIComponent(client.clientSecret)}`,
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

async function asDevice(url: string, body: unknown) {
  const r = await fetch(`${s.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await deviceToken()}` },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as any;
  expect(json.code, JSON.stringify(json)).toBe(0);
  return json.data;
}

beforeAll(async () => {
  [{ id: school }] = await s.sql("select id from school where code = 'demo'");
  const one = async (text: string, params: unknown[]) => (await s.sql(text, params))[0].id as number;
  const grade = await one(`insert into grade (school_id, name) values ($1, '门禁年级') returning id`, [school]);
  const cls = await one(
    `insert into school_class (school_id, grade_id, name) values ($1, $2, '门禁一班') returning id`,
    [school, grade],
  );
  const reader = await one(
    `insert into app_user (school_id, account, name, identity, class_id) values ($1, 'GATE01', '门禁读者', 'student', $2) returning id`,
    [school, cls],
  );
  const rec = await one(
    `insert into catalogue_record (school_id, title, class_no) values ($1, '门禁测试书', 'I287') returning id`,
    [school],
  );
  await s.sql(
    `insert into copy (school_id, record_id, barcode, store_type, rfid) values ($1, $2, 'GATEB1', 2, 'E0040001')`,
    [school, rec],
  );
  const lent = await one(
    `insert into copy (school_id, record_id, barcode, store_type) values ($1, $2, 'GATEB2', 2) returning id`,
    [school, rec],
  );
  await s.sql(
    `insert into loan (school_id, copy_id, record_id, user_id, borrowed_at, due_date) values ($1, $2, $3, $4, now(), current_date + 14)`,
    [school, lent, rec, reader],
  );
  client = await s.call(`${P}/Device/AddClient`, { name: '东门闸机' });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await asDevice(`${G}/PostPasses`, {
    events: [
      { direction: 'in', at: at(30), gate: '东门1', card: 'GATE01' },
      { direction: 'in', at: at(20), gate: '东门2' },
      { direction: 'out', at: at(10), gate: '东门1', card: 'GATE01' },
    ],
  });
  const tags = await asDevice(`${G}/CheckTags`, { tags: ['E0040001', 'GATEB2'], gate: '东门1' });
  expect(tags.List.map((x: any) => x.alarm)).toEqual([true, false]);
});

describe('visits: the entrance in the back office', () => {
  it('the records of today, the visits per hour, the alarms exported', async () => {
    await s.page.goto(`${s.server.url}/library/#/entry-exit-records`);
    const records = view(s.page, '/entry-exit-records');
    // This month: the browser's day (UTC here) may not be the school's (Asia/Shanghai). The first answer first.
    await records.getByTestId('stat-period-shown').waitFor();
    await choose(records, 'stat-period', zh('statistics.period.month'));
    await records.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
    const rows = records.locator('.ant-table-tbody tr.ant-table-row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.filter({ hasText: '门禁读者' }).count()).toBe(2);
    expect(await rows.first().innerText()).toMatch(
      /出馆[\s\S]*门禁[\s\S]*东门1[\s\S]*东门闸机[\s\S]*GATE01[\s\S]*门禁读者[\s\S]*门禁年级[\s\S]*门禁一班/,
    );
    await shot(s.page, 'visits-records');

    await s.page.goto(`${s.server.url}/library/#/inoutstatistic`);
    const visits = view(s.page, '/inoutstatistic');
    await visits.getByTestId('stat-period-shown').waitFor();
    await choose(visits, 'stat-period', zh('statistics.period.month'));
    await choose(visits, 'stat-by', zh('statistics.dim.hour'));
    await visits.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
    const total = visits.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: zh('statistics.col.total') });
    // Two entries (one by card), one exit.
    await total.waitFor();
    await expect.poll(() => total.innerText(), { timeout: 30_000 }).toMatch(/2\s+1\s+1$/);
    await visits.locator('canvas').first().waitFor();
    await shot(s.page, 'visits-per-hour');

    await s.page.goto(`${s.server.url}/library/#/alarm-record`);
    const alarms = view(s.page, '/alarm-record');
    await alarms.getByTestId('stat-period-shown').waitFor();
    await choose(alarms, 'stat-period', zh('statistics.period.month'));
    await alarms.getByRole('button', { name: zh('statistics.toolbar.search') }).click();
    const alarm = alarms.locator('.ant-table-tbody tr.ant-table-row');
    await alarm.first().waitFor();
    expect(await alarm.count()).toBe(1);
    expect(await alarm.innerText()).toMatch(/东门1[\s\S]*E0040001[\s\S]*GATEB1[\s\S]*门禁测试书/);
    await shot(s.page, 'visits-alarms');
    await alarms.getByTestId('stat-export').click();
    const sheet = await firstSheet(await taskOf(s.page, serverText('zh', 'statistics.screen.alarm-record')));
    const line = sheet.find((r) => r.includes('GATEB1'))!;
    expect(line).toContain('E0040001');
    expect(line).toContain(serverText('zh', 'statistics.circState.available'));
  });

  it('the entrance screen greets a reader who scans their card; an unknown card is told so', async () => {
    const kiosk = await launch('zh-CN');
    try {
      const p = await kiosk.newPage();
      await p.setViewportSize({ width: 1280, height: 800 });
      await p.goto(`${s.server.url}/library/opac.html#/entrance`);
      await p.waitForURL(/guidescreen\/device\?next=/);
      await p.getByLabel(zh('opac.guide.clientId')).fill(client.clientId);
      await p.getByLabel(zh('opac.guide.clientSecret')).fill(client.clientSecret);
      await p.getByRole('button', { name: zh('opac.guide.deviceSignIn') }).click();
      await p.waitForURL(/#\/entrance$/);
      await p.getByText(zh('opac.entrance.welcome')).waitFor();
      await p.keyboard.type('GATE01\n');
      await p.getByRole('status').getByText('门禁读者').waitFor();
      await p.getByText(zh('opac.entrance.recorded', { count: 2 })).waitFor();
      await shot(p, 'visits-entrance');
      await p.keyboard.type('NOBODY\n');
      await p.getByRole('alert').getByText(serverText('zh', 'gate.cardUnknown')).waitFor();
    } finally {
      await kiosk.close();
    }
    const [{ n }] = await s.sql(`select count(*)::int as n from gate_event where source = 'card'`);
    expect(n).toBe(1);
  });

  it('the wall screen shows the day, the month and the collection, in Chinese and English', async () => {
    const wall = await launch('zh-CN');
    try {
      const p = await wall.newPage();
      await p.setViewportSize({ width: 1920, height: 1080 });
      await p.goto(`${s.server.url}/library/#/statistic?school=demo`);
      await p.getByTestId('wall-screen').waitFor();
      await expect.poll(() => p.getByTestId('wall.loansToday').innerText()).toMatch(/^\d+$/);
      // Three entries today: two at the gate, one at the entrance screen.
      expect(await p.getByTestId('wall.visitsToday').innerText()).toBe('3');
      await p.getByTestId('wall-titles').getByText('门禁测试书').waitFor();
      await p.getByTestId('wall-classes').getByText('门禁一班').waitFor();
      await p.locator('canvas').nth(1).waitFor();
      await shot(p, 'wall-screen-zh');
      await p.goto(`${s.server.url}/library/#/statistic?school=demo&lang=en`);
      await p.getByText('Loans today').waitFor();
      await p.getByText('Most borrowed this month').waitFor();
      await shot(p, 'wall-screen-en');
    } finally {
      await wall.close();
    }
  });
});
