import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tx } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';

/**
 * A guide screen (issue 11 §3) in a library hall: the start screen turns its panels by itself (new books, hot
 * books, loans, news); a visitor types on the screen's keyboard, finds a book and sees where its copies stand;
 * left alone, the screen goes back to the start. Landscape 1920×1080 and portrait 1080×1920, axe-core clean.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('guide');
let ctx: BrowserContext;
let page: Page;
const opac = (route: string) => `${s.server.url}/library/opac.html#${route}`;
const TITLE = '红楼梦导览';

beforeAll(async () => {
  await s.call(`${P}/Readers/AddReader`, {
    account: 'GS2026001',
    name: '李同学',
    identity: 'student',
    password: 'Reader#2026',
  });
  const add = (title: string, author: string, barcodes: string[]) => addBook(s, title, author, barcodes);
  await add(TITLE, '曹雪芹', ['GSB-1', 'GSB-2']);
  await add('西游记导览', '吴承恩', ['GSB-3']);
  await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: 'GS2026001', barcode: 'GSB-3' });
  const n = await s.call(`${P}/Bulletin/AddNotice`, {
    kind: 'notice',
    title: '寒假开放时间',
    content: '<p>每周三开放</p>',
  });
  await s.call(`${P}/Bulletin/PublishNotice`, { ids: [n.id], published: true });
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('guide screen', () => {
  it('turns its panels by itself on a landscape hall screen', async () => {
    await page.goto(opac('/guidescreen?school=demo&interval=2&idle=4'));
    const stage = page.locator('.guide-stage');
    await stage.waitFor();
    expect(await stage.getAttribute('data-panel')).toBe('newbook');
    await page.getByText(TITLE).first().waitFor();
    expect(await axe(page)).toEqual([]);
    await shot(page, 'guide-1920');
    // The next panels come by themselves: hot books (西游记 was borrowed), then the loans.
    await expect.poll(() => stage.getAttribute('data-panel'), { timeout: 8000 }).toBe('hotBook');
    await page.getByText('西游记导览').waitFor();
    await expect.poll(() => stage.getAttribute('data-panel'), { timeout: 8000 }).toBe('brstatistic');
    await expect.poll(() => stage.getAttribute('data-panel'), { timeout: 8000 }).toBe('schoolNews');
    await page.getByText('寒假开放时间').waitFor();
    // A tap on a panel's button jumps to it.
    await page.getByRole('button', { name: zh('opac.guide.stats') }).click();
    expect(await stage.getAttribute('data-panel')).toBe('brstatistic');
    await page
      .getByRole('heading', { name: zh('opac.guide.loansToday') })
      .or(page.getByText(zh('opac.guide.loansToday')))
      .first()
      .waitFor();
  });

  it('finds a book typed on the screen keyboard, then goes back to the start when left alone', async () => {
    await page.getByRole('link', { name: zh('opac.guide.search') }).click();
    await page.getByRole('search').waitFor();
    const keyboard = page.getByRole('group', { name: zh('opac.guide.keyboard') });
    for (const k of ['H', 'L', 'M']) await keyboard.getByRole('button', { name: k, exact: true }).click();
    expect(await page.getByLabel(zh('opac.guide.searchLabel')).inputValue()).toBe('hlm');
    await page.getByRole('button', { name: zh('opac.guide.go'), exact: true }).click();
    await page.getByRole('button', { name: new RegExp(TITLE) }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await expect.poll(() => page.locator('.guide-copies li').count()).toBe(2);
    expect(await axe(page)).toEqual([]);
    // Nobody touches it: back to the start after the idle time (4 s here).
    await page.waitForURL(/#\/guidescreen$/, { timeout: 15000 });
    await page.locator('.guide-stage').waitFor();
  });

  it('fits a portrait screen and shows a display route on its own', async () => {
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(opac('/hotBook'));
    await page.getByRole('heading', { name: zh('opac.guide.hotBooks'), level: 1 }).waitFor();
    await page.getByText('西游记导览').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1080);
    expect(await axe(page)).toEqual([]);
    await page.goto(opac('/guidescreen/search'));
    await page.getByRole('search').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1080);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'guide-search-portrait');
  });

  it('a kiosk signs in as a device with its client id and secret, and opens its school’s guide screen', async () => {
    const client = await s.call(`${P}/Device/AddClient`, { name: '大厅导览屏' });
    const kiosk = await launch('zh-CN');
    try {
      const p = await kiosk.newPage();
      await p.setViewportSize({ width: 1920, height: 1080 });
      await p.goto(opac('/guidescreen/device'));
      await p.getByLabel(zh('opac.guide.clientId')).fill(client.clientId);
      await p.getByLabel(zh('opac.guide.clientSecret')).fill('wrong secret');
      await p.getByRole('button', { name: zh('opac.guide.deviceSignIn') }).click();
      await p.getByText(zh('opac.guide.deviceRefused')).waitFor();
      expect(await axe(p)).toEqual([]);
      await p.getByLabel(zh('opac.guide.clientSecret')).fill(client.clientSecret);
      await p.getByRole('button', { name: zh('opac.guide.deviceSignIn') }).click();
      await p.waitForURL(/#\/guidescreen$/);
      await p.locator('.guide-stage').waitFor();
      await p.getByText('书苑示范学校').first().waitFor();
    } finally {
      await kiosk.close();
    }
  });

  it('a self-service bookcase shows the copies of its location, those that lend first', async () => {
    const [school] = await s.sql("select id from school where code = 'demo'");
    const [branch] = await s.sql(
      "insert into branch (school_id, name, code) values ($1, '书柜分馆', 'GSCASE') returning id",
      [school.id],
    );
    const [loc] = await s.sql(
      "insert into location (school_id, branch_id, name, code) values ($1, $2, '自助书柜', 'GSCASE') returning id",
      [school.id, branch.id],
    );
    await s.sql('update copy set location_id = $1', [loc.id]);
    const b = await s.call(`${P}/Bulletin/AddBookcase`, { name: '一楼自助书柜', locationId: loc.id });
    await s.page.goto(`${s.server.url}/library/#/smart_bookcase`);
    await s.page.getByRole('row', { name: /一楼自助书柜/ }).waitFor();
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(opac(`/smart_bookcase?id=${b.id}`));
    await page.getByRole('heading', { name: /一楼自助书柜/ }).waitFor();
    const copies = page.locator('.guide-copies li');
    await expect.poll(() => copies.count()).toBe(3);
    // 西游记导览 is out: listed after the two copies that lend now.
    expect(await copies.nth(2).textContent()).toContain('西游记导览');
    expect(await axe(page)).toEqual([]);
  });
});
