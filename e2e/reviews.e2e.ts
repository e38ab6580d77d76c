import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { button, toast, tx, view } from './support/app.ts';
import { launch } from './support/browser.ts';
import { addBook, useAdminOnPg } from './support/pg-admin.ts';

/**
 * Book reviews (issue 16): a student signs in from a record page and writes a review with a rating; it waits for
 * a reviewer (not shown yet, "pending" in the personal area); the librarian passes it on /bookreview; the record
 * page then shows it with the writer's name masked (张*明) and the average rating, never the full name or class.
 */
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);
const PASSWORD = 'Reader#2026';
const ANN = { account: 'RV2026001', name: '张小明', identity: 'student', password: PASSWORD };
const TITLE = '小王子（书评）';
const TEXT = '小王子离开了自己的星球，去认识了很多人，我最喜欢狐狸说的话。';

const s = useAdminOnPg('reviews');
let reader: BrowserContext;
let page: Page;
let recordId: number;

const record = () => `${s.server.url}/library/opac.html#/search/book/details?id=${recordId}&school=demo`;

beforeAll(async () => {
  await s.call(`${P}/Readers/AddReader`, ANN);
  await s.sql('update app_user set must_change_password = false where account = $1', [ANN.account]);
  recordId = await addBook(s, TITLE, '圣埃克苏佩里', ['RVB-1']);
  reader = await launch('zh-CN');
  page = await reader.newPage();
});

afterAll(async () => {
  await reader?.close();
});

describe('book reviews', () => {
  it('a student writes a review on the record page; it waits for a reviewer', async () => {
    await page.goto(record());
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByText(zh('opac.review.none')).waitFor();
    await page.getByRole('button', { name: zh('opac.review.signIn') }).click();
    await page.waitForURL(/#\/searchauth\?uid=/, { timeout: 30_000 });
    await page.getByPlaceholder(tx('zh', 'auth.login.account')).fill(ANN.account);
    await page.getByPlaceholder(tx('zh', 'auth.login.password')).fill(PASSWORD);
    await page.locator('.auth-card button[type=submit]').click();
    await page.waitForURL(/opac\.html#\/search\/book\/details\?id=/, { timeout: 30_000 });

    const form = page.locator('.opac-review-form');
    await form.getByLabel(zh('opac.review.starN', { count: 4 })).check();
    await form.getByLabel(zh('opac.review.content')).fill(TEXT);
    await form.getByRole('button', { name: zh('opac.review.submit') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: zh('opac.review.sent') })
      .waitFor();
    await form.getByText(zh('opac.review.state.pending')).waitFor();
    // Not public yet.
    expect(await page.locator('.opac-reviews li').count()).toBe(0);

    await page.goto(`${s.server.url}/library/opac.html#/search/personal?tab=reviews`);
    const mine = page.locator('.opac-cards li').filter({ hasText: TITLE });
    await mine.getByText(zh('opac.review.state.pending')).waitFor();
  });

  it('the librarian passes it on /bookreview; the record page shows it with a masked name', async () => {
    const admin = s.page;
    await admin.goto(`${s.server.url}/library/#/bookreview`);
    const screen = view(admin, '/bookreview');
    const row = screen.locator('.ant-table-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.textContent()).toContain(ANN.name);
    await row
      .getByTestId('moderation-state')
      .filter({ hasText: zh('reviews.state.pending') })
      .waitFor();
    await button(row, zh('reviews.moderate.pass')).click();
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await toast(admin, zh('reviews.moderate.passed', { count: 1 })).waitFor();
    await row
      .getByTestId('moderation-state')
      .filter({ hasText: zh('reviews.state.passed') })
      .waitFor();

    // Anyone (a fresh browser, not signed in) sees it on the record page, the name masked.
    const anon = await launch('zh-CN');
    try {
      const p = await anon.newPage();
      await p.goto(record());
      const review = p.locator('.opac-reviews li').filter({ hasText: TEXT });
      await review.waitFor();
      expect(await review.textContent()).toContain('张*明');
      await p.getByText(zh('opac.review.average', { average: 4, count: 1 })).waitFor();
      expect(await p.locator('body').textContent()).not.toContain(ANN.name);
    } finally {
      await anon.close();
    }
  });
});
