import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPost, button, shotOnFailure, signIn, tokenOf, tx, view } from './support/app.ts';
import { launch, shot } from './support/browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './support/server.ts';

/** The card desk (读者办证): a student comes to the desk for a library card, loses it, gets it re-issued. */
const PATH = '/resource-mana/resource/user-transfer';
const READER = { account: 'CD2026001', name: '林小雨', identity: 'student' };
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

let server: RunningServer;
let ctx: BrowserContext | undefined;
let page: Page;
shotOnFailure(() => page);

beforeAll(async () => {
  buildWebOnce();
  server = await startServer();
  ctx = await launch('zh-CN');
  page = await ctx.newPage();
  await signIn(page, server.url, 'zh', 'admin', ADMIN_PASSWORD);
  const r = await apiPost(server.url, `${P}/Readers/AddReader`, READER, await tokenOf(page));
  expect(r.json?.code, JSON.stringify(r.json)).toBe(0);
});
afterAll(async () => {
  await ctx?.close();
  await server?.stop();
});

describe('card desk', () => {
  it('scans a reader, issues the card with a deposit, reports it lost and re-issues it', async () => {
    await page.goto(`${server.url}/library/#${PATH}`);
    const screen = view(page, PATH);
    const state = screen.getByTestId('card-state');
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    const confirmTitle = (text: string) => page.locator('.ant-modal-confirm-title').filter({ hasText: text });

    // Scan the reader's barcode: their card shows (a reader added by the office has a card record already).
    await screen.getByText(zh('readers.cardDesk.hint')).waitFor();
    const key = screen.getByTestId('card-desk-key').locator('input');
    await key.fill(READER.account);
    await key.press('Enter');
    await screen.getByText(`${READER.name} (${READER.account})`).waitFor();
    await expect.poll(() => state.getAttribute('data-state')).not.toBe('lost');

    // Issue (or renew) the card, collecting a 50 yuan deposit.
    await screen.locator('.ant-card-extra .ant-btn-primary').click();
    await modal.getByText(zh('readers.cardDesk.issueTitle', { name: READER.name })).waitFor();
    const deposit = modal.locator('.ant-form-item').filter({ hasText: zh('readers.cardDesk.depositCollected') });
    await deposit.locator('input').fill('50');
    await modal.locator('.ant-btn-primary').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('ok');
    await screen.getByText('50.00', { exact: true }).waitFor();

    // Report the card lost (confirmed): the lost tag and the warning show.
    await button(screen, zh('readers.card.reportLost')).click();
    await confirmTitle(zh('readers.card.reportLostConfirm', { name: READER.name })).waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('lost');
    await expect.poll(() => state.textContent()).toBe(zh('readers.card.lost'));
    await screen.getByText(zh('readers.cardDesk.lostHelp')).waitFor();
    await shot(page, 'card-desk-lost');

    // Re-issue (confirmed): the card is normal again, the deposit unchanged.
    await button(screen, zh('readers.card.reissue')).click();
    await confirmTitle(zh('readers.card.reissueConfirm', { name: READER.name })).waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('ok');
    await expect.poll(() => state.textContent()).toBe(zh('readers.card.ok'));
    await screen.getByText('50.00', { exact: true }).waitFor();
    expect(await screen.getByText(zh('readers.cardDesk.lostHelp')).count()).toBe(0);

    // Print the card: opens the card printing screen for this reader.
    await button(screen, zh('readers.cardDesk.print')).click();
    await page.waitForURL(new RegExp(`#/userprint\\?key=${READER.account}`));
  });

  it('opens the card desk without the layout on the bare station route', async () => {
    await page.goto(`${server.url}/library/#/department/user-transferr`);
    // Opened afresh (a new window of the desktop shell), not from the back office: its texts load too.
    await page.reload();
    const key = page.getByTestId('card-desk-key').locator('input');
    await key.waitFor();
    await page.getByText(zh('readers.pages.cardDesk')).first().waitFor();
    expect(await page.getByText(/\breaders\.[a-zA-Z]+\.[a-zA-Z]+/).count()).toBe(0);
    // No staff layout around it: no menu, no tabs.
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await key.fill(READER.account);
    await key.press('Enter');
    await page.getByText(`${READER.name} (${READER.account})`).waitFor();
    await page.getByText('50.00', { exact: true }).waitFor();
    await shot(page, 'card-station');
  });
});
