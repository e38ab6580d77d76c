import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tx, view } from './support/app.ts';
import { launch } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * Reading points (issue 16): the librarian sets the clock-in rule on /integral-rules; a student clocks in from the
 * personal area and sees the points on /user/integral; the back office's /integral-point shows the balance.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const PASSWORD = 'Reader#2026';
const KID = { account: 'PT2026001', name: '李小红', identity: 'student', password: PASSWORD };

const s = useAdminOnPg('points');
let reader: BrowserContext;
let page: Page;

beforeAll(async () => {
  await s.call(`${P}/Readers/AddReader`, KID);
  await s.sql('update app_user set must_change_password = false where account = $1', [KID.account]);
  reader = await launch('zh-CN');
  page = await reader.newPage();
});

afterAll(async () => {
  await reader?.close();
});

describe('reading points', () => {
  it('the librarian sets the clock-in rule to 3 points', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/integral-rules`);
    const screen = view(admin, '/integral-rules');
    const row = screen.locator('tr[data-event="clock_in"]');
    await row.waitFor();
    const points = row.locator('.sy-rule-points input');
    await points.fill('3');
    await row.getByRole('button', { name: zh('points.rules.save') }).click();
    await admin.getByText(zh('points.rules.saved', { event: zh('points.event.clock_in') })).waitFor();
    const rules = await s.call(`${P}/Points/GetRuleList`, {});
    expect(rules.find((r: any) => r.event === 'clock_in')).toMatchObject({ points: 3, enabled: true });
  });

  it('a student clocks in from the personal area and sees the points on /user/integral', async () => {
    await page.goto(`${s.server.url}/library/`);
    await page.waitForURL(/#\/auth\?uid=/, { timeout: 30_000 });
    await page.getByPlaceholder(tx('zh', 'auth.login.account')).fill(KID.account);
    await page.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
    await page.locator('.auth-card button[type=submit]').click();
    await page.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
    await page.goto(`${s.server.url}/library/opac.html#/user/integral`);
    await page.getByRole('heading', { name: zh('opac.me.points.title') }).waitFor();
    await page.getByLabel(zh('opac.me.clock.what')).fill('西游记');
    await page.getByLabel(zh('opac.me.clock.minutes', { max: 240 })).fill('30');
    await page.getByRole('button', { name: zh('opac.me.clock.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.me.clock.done', { minutes: 30, streak: 1, points: 3 }) })
      .waitFor();
    await page.getByTestId('points-balance').filter({ hasText: '3' }).waitFor();
    await page
      .locator('.opac-table td')
      .filter({ hasText: zh('opac.me.points.event_clock_in') })
      .waitFor();
  });

  it('the back office shows the balance on /integral-point', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/integral-point`);
    const screen = view(admin, '/integral-point');
    const row = screen.locator('.ant-table-row').filter({ hasText: KID.account });
    await row.waitFor();
    expect(await row.textContent()).toContain(KID.name);
    expect((await row.locator('td').allTextContents()).map((c) => c.trim())).toContain('3');
  });
});
