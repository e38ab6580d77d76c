import { execFileSync } from 'node:child_process';
import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, gone, loose, toast, tx, view } from './support/app.ts';
import { axe } from './support/axe.ts';
import { launch, shot } from './support/browser.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';

/**
 * Theme reading (issue 16's check): a teacher creates a theme with three books, a reading task and a review task on
 * /theme-reading and publishes it; a student joins from the personal area, borrows one of the books, writes a
 * review; the reviewer passes it; the theme is complete and points arrive (review_approved, activity_award); the
 * theme ends and /end-reading gives the certificate (PDF); the hall screen shows the activity with its tasks.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const PASSWORD = 'Reader#2026';
const KID = { account: 'TH2026001', name: '张小明', identity: 'student', password: PASSWORD };
const BOOKS = ['草房子（主题）', '城南旧事（主题）', '小王子（主题）'];
const THEME = '十一月读书月';
const REVIEW = '桑桑的故事让我想起了自己的小学，我最喜欢秃鹤那一章。';

const s = useAdminOnPg('themes');
let reader: BrowserContext;
let page: Page;
let bookIds: number[];
let kidId: number;

const dayOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(d);
const TODAY = dayOf(new Date());
const shift = (n: number) => dayOf(new Date(Date.now() + n * 86_400_000));
const opac = (route: string) => `${s.server.url}/library/opac.html#${route}`;

beforeAll(async () => {
  const r = await s.call(`${P}/Readers/AddReader`, KID);
  kidId = r.id;
  await s.sql('update app_user set must_change_password = false where account = $1', [KID.account]);
  bookIds = [];
  for (const [i, title] of BOOKS.entries()) bookIds.push(await addBook(s, title, '曹文轩', [`THB-${i}`]));
  reader = await launch('zh-CN');
  page = await reader.newPage();
});

afterAll(async () => {
  await reader?.close();
});

const modal = () => s.page.locator('.ant-modal-wrap:visible .ant-modal');
const field = (label: string) =>
  modal()
    .locator('.ant-form-item')
    .filter({ has: s.page.locator('label').filter({ hasText: loose(label) }) });
const choose = async (option: string) => {
  await s.page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
};
const setDay = async (label: string, day: string) => {
  const input = field(label).locator('.ant-picker input');
  await input.click();
  await input.fill(day);
  await input.press('Enter');
};
const myTheme = () => page.locator('.opac-theme').filter({ hasText: THEME });

describe('theme reading', () => {
  it('a teacher creates a theme with three books and a review task, and publishes it', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/theme-reading`);
    const screen = view(admin, '/theme-reading');
    await button(screen, zh('kit.action.add')).click();
    // Nothing filled in: the required fields say so.
    await button(modal(), zh('kit.form.save')).click();
    await field(zh('themes.field.title')).getByText(zh('themes.titleRequired')).waitFor();
    await field(zh('themes.field.title')).locator('input').fill(THEME);
    await setDay(zh('themes.field.startDate'), shift(-2));
    await setDay(zh('themes.field.endDate'), shift(10));
    const books = modal().getByTestId('theme-books');
    for (const title of BOOKS) {
      await books.locator('input').fill(title.slice(0, 3));
      await choose(title);
    }
    await admin.keyboard.press('Escape');
    const tasks = modal().getByTestId('theme-tasks');
    await button(tasks, zh('themes.task.add')).click();
    await tasks.getByLabel(zh('themes.task.title')).nth(0).fill('读一本书单里的书');
    await button(tasks, zh('themes.task.add')).click();
    await tasks.getByTestId('theme-task-1').locator('.ant-select').first().click();
    await choose(zh('themes.task.kinds.review'));
    await tasks.getByLabel(zh('themes.task.title')).nth(1).fill('写一篇书评');
    await button(modal(), zh('kit.form.save')).click();
    await toast(admin, zh('kit.saved')).first().waitFor();
    await gone(modal());
    const row = screen.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: THEME });
    await row.getByText(zh('bulletin.draft')).waitFor();
    expect(await row.textContent()).toContain(zh('themes.task.summary.review', { count: 1 }));
    await button(row, zh('bulletin.togglePublish')).click();
    await toast(admin, zh('bulletin.publishedOk')).first().waitFor();
    await row.getByText(zh('bulletin.published')).waitFor();
    await shot(admin, 'themes-back-office');
  });

  it('a student joins from the personal area, reads a book of the list and writes a review', async () => {
    await page.goto(opac('/search/personal?tab=themes&school=demo'));
    await page
      .locator('.opac-narrow')
      .getByRole('button', { name: zh('opac.nav.signIn') })
      .click();
    await page.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
    await page.getByPlaceholder(zh('auth.login.account')).fill(KID.account);
    await page.getByPlaceholder(zh('auth.login.password')).fill(PASSWORD);
    await page.locator('.auth-card button[type=submit]').click();
    await page.waitForURL(/opac\.html#\/search\/personal/, { timeout: 30_000 });
    await page.goto(opac('/search/personal?tab=themes'));
    await myTheme().waitFor();
    await myTheme()
      .getByRole('button', { name: new RegExp(zh('opac.themes.join')) })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.themes.joinedOk', { title: THEME }) })
      .waitFor();
    await myTheme()
      .getByText(zh('opac.themes.progress', { done: 0, count: 1 }))
      .first()
      .waitFor();
    expect(await axe(page)).toEqual([]);

    // The desk lends one of the theme's books: the reading task is done.
    await s.call(`${P}/Circulation/LiteratureCirc`, { readerBarcode: KID.account, barcode: 'THB-0' });
    await page.reload();
    await myTheme()
      .locator('li')
      .filter({ hasText: '读一本书单里的书' })
      .getByText(zh('opac.themes.progress', { done: 1, count: 1 }))
      .waitFor();

    // A review of a book of the list, from its record page; it waits for the reviewer.
    await page.goto(opac(`/search/book/details?id=${bookIds[0]}`));
    const form = page.locator('.opac-review-form');
    await form.getByLabel(zh('opac.review.starN', { count: 5 })).check();
    await form.getByLabel(zh('opac.review.content')).fill(REVIEW);
    await form.getByRole('button', { name: zh('opac.review.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.review.sent') })
      .waitFor();
    await page.goto(opac('/search/personal?tab=themes'));
    await myTheme()
      .locator('li')
      .filter({ hasText: '写一篇书评' })
      .getByText(zh('opac.themes.progress', { done: 0, count: 1 }))
      .waitFor();
    await shot(page, 'themes-personal');
  });

  it('the reviewer passes the review: the theme is complete and the points arrive', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/bookreview`);
    const row = view(admin, '/bookreview').locator('.ant-table-row').filter({ hasText: BOOKS[0] });
    await button(row, zh('reviews.moderate.pass')).click();
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(admin, zh('reviews.moderate.passed', { count: 1 })).waitFor();

    await page.reload();
    await myTheme().getByText(zh('opac.themes.completed')).waitFor();
    await myTheme()
      .getByRole('button', { name: zh('opac.themes.certificate') })
      .waitFor();
    const points = await s.call(`${P}/Points/GetRecordList`, { userId: kidId, Page: 1, Rows: 20 });
    const events = points.List.map((p: { event: string }) => p.event);
    expect(events).toContain('review_approved');
    expect(events).toContain('activity_award');
  });

  it('the theme ends with the certificate; the hall screen shows the activity and its tasks', async () => {
    // The hall screen while it runs: the theme among the activities, its tasks with how many did them.
    const hall = await launch('zh-CN');
    try {
      const p = await hall.newPage();
      await p.setViewportSize({ width: 1920, height: 1080 });
      await p.goto(opac('/schoolactivity?school=demo&idle=600'));
      await p.getByRole('link', { name: new RegExp(THEME) }).click();
      await p.waitForURL(/#\/activitydetaildoing\?theme=\d+/);
      await p.getByRole('heading', { name: THEME, level: 1 }).waitFor();
      await p
        .getByText(zh('opac.themes.doneBy', { count: 1 }))
        .first()
        .waitFor();
      await p.goto(opac('/activitytask'));
      await p.getByRole('heading', { name: new RegExp(THEME) }).waitFor();
      expect(await p.locator('body').textContent()).not.toContain(KID.name);
      expect(await axe(p)).toEqual([]);
      await shot(p, 'themes-hall');
    } finally {
      await hall.close();
    }

    await s.sql('update reading_theme set start_date = $1, end_date = $2 where title = $3', [
      shift(-20),
      shift(-1),
      THEME,
    ]);
    expect(TODAY > shift(-1)).toBe(true);
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/end-reading`);
    const screen = view(admin, '/end-reading');
    await button(screen, THEME).click();
    const row = screen.locator('.ant-table-row').filter({ hasText: KID.name });
    await row.getByText(zh('themes.run.done')).waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('button', { name: new RegExp(zh('themes.run.downloadCertificate')) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', [(await download.path()) as string, '-']).toString();
    expect(text).toContain('荣誉证书');
    expect(text).toContain(KID.name);
    expect(text).toContain(THEME);
    await shot(admin, 'themes-end-reading');
  });
});
