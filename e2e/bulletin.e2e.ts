import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tx } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { useAdminOnPg } from './support/pg-admin.ts';

/**
 * The library's news on the public site (issue 11): the librarian writes notices and news on /notice-list (rich
 * text, cleaned of scripts), publishes them; a visitor on a phone reads the news list (pinned first, drafts never),
 * opens one, and no script hidden in it runs. Online resources and the library introduction show what was saved.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const s = useAdminOnPg('bulletin');
let ctx: BrowserContext;
let page: Page;
const opac = (route: string) => `${s.server.url}/library/opac.html#${route}`;

beforeAll(async () => {
  const add = (body: Record<string, unknown>) => s.call(`${P}/Bulletin/AddNotice`, { kind: 'notice', ...body });
  const closing = await add({
    title: '寒假闭馆通知',
    content:
      '<p>1月20日至2月15日闭馆。<b>请按时还书</b></p><img src="x" onerror="window.__xss=1">' +
      '<script>window.__xss=2</script><a href="javascript:window.__xss=3">详情</a>',
  });
  const fair = await add({ title: '读书节开幕', kind: 'news', pinned: true, content: '<p>欢迎参加</p>' });
  await add({ title: '草稿不公开', content: '<p>尚未发布</p>' });
  await s.call(`${P}/Bulletin/PublishNotice`, { ids: [closing.id, fair.id], published: true });
  // Content written into the database by another route (an import, an old version) is cleaned on the page too.
  await s.sql(
    `insert into bulletin (school_id, kind, title, content, published, published_at)
     select school_id, 'news', '旧数据', '<p>旧内容</p><img src=x onerror="window.__xss=4">', true, now() - interval '1 day'
     from bulletin limit 1`,
  );
  await s.call(`${P}/Bulletin/AddLink`, { name: '国家数字图书馆', url: 'https://www.nlc.cn/' });
  await s.call(`${P}/Bulletin/SaveLibraryInfo`, {
    intro: '<p>本馆藏书五万册</p>',
    hours: '周一至周五 8:00-17:00\n周六 9:00-12:00',
    rules: '<ol><li>保持安静</li></ol>',
  });
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
});

afterAll(async () => {
  await ctx?.close();
});

describe('library news on the public site', () => {
  it('the librarian sees notices and their state on /notice-list', async () => {
    await s.page.goto(`${s.server.url}/library/#/notice-list`);
    const row = s.page.getByRole('row', { name: /寒假闭馆通知/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(zh('bulletin.published'));
    expect(await s.page.getByRole('row', { name: /草稿不公开/ }).textContent()).toContain(zh('bulletin.draft'));
  });

  it('a phone visitor reads the published news, pinned first, and no hidden script runs', async () => {
    await page.goto(opac('/search/newslist?school=demo'));
    await page.getByRole('heading', { name: zh('opac.news.title'), level: 1 }).waitFor();
    const titles = page.locator('.opac-news-item h2');
    await expect.poll(() => titles.allTextContents()).toEqual(['读书节开幕', '寒假闭馆通知', '旧数据']);
    expect(await page.getByText('草稿不公开').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axe(page)).toEqual([]);

    // Only notices.
    await page.getByRole('button', { name: zh('opac.news.kind.notice') }).click();
    await expect.poll(() => titles.allTextContents()).toEqual(['寒假闭馆通知']);

    await page.getByRole('link', { name: '寒假闭馆通知' }).click();
    await page.getByRole('heading', { name: '寒假闭馆通知', level: 1 }).waitFor();
    await page.getByText('请按时还书').waitFor();
    const html = await page.locator('.opac-rich').innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'opac-news-detail-375');

    await page.goto(opac('/search/newslist'));
    await page.getByRole('link', { name: '旧数据' }).click();
    await page.getByText('旧内容').waitFor();
    expect(await page.locator('.opac-rich').innerHTML()).not.toMatch(/onerror/i);
    expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  });

  it('shows online resources and the library introduction', async () => {
    await page.goto(opac('/search/networkresource'));
    const link = page.getByRole('link', { name: '国家数字图书馆' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.nlc.cn/');
    expect(await axe(page)).toEqual([]);

    await page.goto(opac('/libraryinfo'));
    await page.getByText('本馆藏书五万册').waitFor();
    await page.getByText('周六 9:00-12:00').waitFor();
    await page.getByText('保持安静').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(await axe(page)).toEqual([]);
  });
});
