import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tx } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { firstSheet } from './support/downloads.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';

/**
 * The rest of the readers' side (issue 11): the guide screens' activity routes (until reading promotion lands: the
 * library's news and the reading rankings), a reader's card scanned at a kiosk (/userinfo: loans, due dates, holds,
 * overdue — only on a kiosk signed in as a device, name masked), and in the personal area the reading record
 * (/user/integral) and the loan history as xlsx.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const PASSWORD = 'Reader#2026';
const LI = { account: 'GR2026001', name: '李同学', identity: 'student', password: PASSWORD };
const s = useAdminOnPg('guidereaders');
let ctx: BrowserContext;
let page: Page;
const opac = (route: string) => `${s.server.url}/library/opac.html#${route}`;

beforeAll(async () => {
  await s.call(`${P}/Readers/AddReader`, LI);
  await s.sql('update app_user set must_change_password = false where account = $1', [LI.account]);
  await addBook(s, '读书节推荐书', '佚名', ['GRB-1']);
  await addBook(s, '草房子导读', '曹文轩', ['GRB-2']);
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: LI.account, barcode: 'GRB-1' });
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: LI.account, barcode: 'GRB-2' });
  await s.call(`${P}/Circulation/LiteratureReturn`, { barcode: 'GRB-2' });
  // One loan is overdue.
  await s.sql(
    "update loan set due_date = current_date - 5 where copy_id = (select id from copy where barcode = 'GRB-1')",
  );
  const n = await s.call(`${P}/Bulletin/AddNotice`, {
    kind: 'news',
    title: '读书节开幕',
    summary: '全校读书节本周开始',
    content: '<p>欢迎同学们参加读书节</p>',
  });
  await s.call(`${P}/Bulletin/PublishNotice`, { ids: [n.id], published: true });
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('guide screens: activities', () => {
  it('shows the news as activities beside the readers of the month, names masked, and opens one', async () => {
    await page.goto(opac('/schoolactivity?school=demo&idle=600'));
    await page.getByRole('heading', { name: zh('opac.guide.act.title'), level: 1 }).waitFor();
    await page.getByText('读书节开幕').waitFor();
    await page.getByText('李*学').first().waitFor();
    expect(await page.locator('body').textContent()).not.toContain(LI.name);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'guide-activities-1920');
    await page.getByRole('link', { name: /读书节开幕/ }).click();
    await page.waitForURL(/#\/activitydetaildoing\?id=\d+/);
    await page.getByRole('heading', { name: '读书节开幕', level: 1 }).waitFor();
    await page.getByText('欢迎同学们参加读书节').waitFor();
    await page.getByText(zh('opac.guide.act.running')).waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it('shows the reading challenge (term rankings) and the ended activities, on a portrait screen too', async () => {
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(opac('/activitytask'));
    await page.getByRole('heading', { name: zh('opac.guide.act.task'), level: 1 }).waitFor();
    await page.getByRole('heading', { name: zh('opac.guide.act.readersTerm') }).waitFor();
    await page.getByText('李*学').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1080);
    expect(await axe(page)).toEqual([]);
    await page.goto(opac('/activitydetailend'));
    await page.getByText(zh('opac.guide.act.ended')).waitFor();
    // The news is new: nothing has ended yet.
    await page.getByText(zh('opac.guide.act.none')).waitFor();
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
  });
});

describe('a reader’s card at a kiosk', () => {
  it('is not shown to a browser that is not a kiosk', async () => {
    await page.goto(opac('/guidescreen/userinfo?school=demo'));
    await page.getByLabel(zh('opac.guide.card.label')).fill(LI.account);
    await page.getByRole('button', { name: zh('opac.guide.card.show') }).click();
    await page.getByText(tx('zh', 'opac.guide.card.setUp')).waitFor();
    expect(await page.locator('body').textContent()).not.toContain('读书节推荐书');
  });

  it('shows the scanned card’s loans, due dates and what is overdue on a kiosk signed in as a device', async () => {
    const client = await s.call(`${P}/Device/AddClient`, { name: '借阅查询机' });
    const kiosk = await launch('zh-CN');
    try {
      const p = await kiosk.newPage();
      await p.setViewportSize({ width: 1080, height: 1920 });
      await p.goto(opac('/guidescreen/device'));
      await p.getByLabel(zh('opac.guide.clientId')).fill(client.clientId);
      await p.getByLabel(zh('opac.guide.clientSecret')).fill(client.clientSecret);
      await p.getByRole('button', { name: zh('opac.guide.deviceSignIn') }).click();
      await p.waitForURL(/#\/guidescreen$/);
      await p.goto(opac('/userinfo'));
      await p.getByRole('heading', { name: zh('opac.guide.card.title'), level: 1 }).waitFor();
      // The scanner types the number and Enter.
      await p.getByLabel(zh('opac.guide.card.label')).fill(LI.account);
      await p.getByLabel(zh('opac.guide.card.label')).press('Enter');
      const card = p.locator('.guide-card');
      await card.getByText('李*学').waitFor();
      await card.getByText('读书节推荐书').waitFor();
      await card.getByText(zh('opac.guide.card.overdue_other', { count: 1 })).waitFor();
      const text = (await card.textContent()) ?? '';
      expect(text).not.toContain(LI.name);
      expect(text).not.toContain(LI.account);
      expect(text).not.toContain('草房子导读'); // history is not on the card
      // The number is not kept in the address or the box.
      expect(p.url()).not.toContain(LI.account);
      expect(await p.getByLabel(zh('opac.guide.card.label')).inputValue()).toBe('');
      expect(await axe(p)).toEqual([]);
      await shot(p, 'guide-card-portrait');
      await card.getByRole('button', { name: zh('opac.guide.card.done') }).click();
      await expect.poll(() => card.count()).toBe(0);
    } finally {
      await kiosk.close();
    }
  });
});

describe('personal area: reading record and history export', () => {
  it('shows the reading record on /user/integral and exports the loan history as xlsx', async () => {
    const c = await launch('zh-CN');
    try {
      const p = await c.newPage();
      await p.setViewportSize({ width: 375, height: 740 });
      await p.goto(opac('/user/integral?school=demo'));
      await p
        .getByRole('button', { name: zh('opac.nav.signIn') })
        .last()
        .click();
      await p.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
      await p.getByPlaceholder(tx('zh', 'auth.login.account')).fill(LI.account);
      await p.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
      await p.locator('.auth-card button[type=submit]').click();
      await p.waitForURL(/opac\.html#\/user\/integral/, { timeout: 30_000 });
      await p.getByRole('heading', { name: zh('opac.me.tab.integral'), level: 2 }).waitFor();
      await p.getByText(zh('opac.me.record.help')).waitFor();
      const fig = (k: string) =>
        p
          .locator('.opac-figures div')
          .filter({ has: p.getByText(zh(`opac.me.record.${k}`), { exact: true }) })
          .locator('dd');
      await expect.poll(() => fig('loans').textContent()).toBe('2');
      expect(await fig('returnedOnTime').textContent()).toBe('1');
      expect(await fig('overdueNow').textContent()).toBe('1');
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axe(p)).toEqual([]);
      await shot(p, 'opac-integral-375');

      await p.getByRole('link', { name: zh('opac.me.tab.history') }).click();
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: zh('opac.me.export') }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const rows = await firstSheet((await download.path()) as string);
      expect(rows[0][0]).toBe('书名');
      expect(
        rows
          .slice(1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(['草房子导读', '读书节推荐书']);
    } finally {
      await c.close();
    }
  });
});
