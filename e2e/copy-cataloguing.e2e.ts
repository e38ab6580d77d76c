import { P } from '@shuyuan/contracts/common/paths';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../apps/server/src/modules/capture/capture.messages.ts';
import { hasYaz, startYazZtest } from '../apps/server/src/modules/capture/sru-fixtures.ts';
import { apiPost, button, loose, serverText, tokenOf, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * Copy cataloguing across sources (issue 14 §3): on /book-editing the cataloguer searches the school's sources —
 * here a Z39.50 source, Debian's yaz-ztest — by ISBN or title, compares the candidates side by side, sees which
 * ones carry another ISBN, and takes one into the form; /capture-sources enables a well-known source in one click.
 */
const EDITING = '/book-editing';
const ISBN = '9787020002207';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

// The session opens on a screen with a table (useAdminScreen waits for one); the tests then go to /book-editing.
const session = useAdminScreen('/collection');
let page: Page;
let yaz: Awaited<ReturnType<typeof startYazZtest>> | undefined;

beforeAll(async () => {
  ({ page } = session);
  if (!hasYaz) return;
  yaz = await startYazZtest();
  const token = await tokenOf(page);
  const r = await apiPost(
    session.server.url,
    `${P}/Capture/AddSource`,
    {
      name: 'yaz Z39.50',
      kind: 'z3950',
      baseUrl: `127.0.0.1:${yaz.port}`,
      database: 'Default',
      recordSchema: 'usmarc',
    },
    token,
  );
  expect(r.json.code, JSON.stringify(r.json)).toBe(0);
});
afterAll(() => yaz?.stop());

const screen = () => view(page, EDITING);
const modal = () => page.locator('.ant-modal').filter({ has: page.locator('.sy-capture-search-form') });
const modalField = (label: string) =>
  modal()
    .locator('.ant-form-item')
    .filter({ has: page.locator('label').filter({ hasText: loose(label) }) })
    .locator('input');
const candidates = () => modal().locator('.sy-capture-candidates tbody tr.ant-table-row');

describe.skipIf(!hasYaz)('copy cataloguing from several sources on /book-editing', () => {
  it('searches by ISBN, flags candidates whose ISBN differs and fills the form from the one picked', async () => {
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    const search = screen().locator('.sy-isbn-search input');
    await search.waitFor();
    await search.fill(ISBN);
    await button(screen(), zh('capture.search.open')).click();
    await modal().waitFor();
    expect(await modalField(zh('capture.search.isbn')).inputValue()).toBe(ISBN);
    await button(modal(), zh('capture.search.go')).click();
    await expect.poll(() => candidates().count(), { timeout: 30_000 }).toBeGreaterThan(1);
    const first = candidates().first();
    expect(await first.textContent()).toContain('yaz Z39.50');
    expect(await first.textContent()).toContain('How to program a computer');
    expect(await first.textContent()).toContain('Jack Collins');
    // yaz-ztest's records carry no ISBN: every candidate is flagged.
    expect(await modal().locator('.sy-isbn-mismatch').count()).toBe(await candidates().count());
    await shot(page, 'copy-cataloguing-candidates');

    await first.locator('.sy-capture-pick').click();
    await modal().waitFor({ state: 'hidden' });
    const title = screen()
      .locator('.ant-form-item')
      .filter({ hasText: zh('catalogue.field.title') })
      .locator('input');
    await expect.poll(() => title.first().inputValue()).toBe('How to program a computer');
    const warn = screen().locator('.sy-editing-captured');
    await warn.waitFor();
    expect(await warn.getAttribute('class')).toContain('ant-alert-warning');
    expect(await warn.textContent()).toContain(
      serverText('zh', 'capture.isbnDiffers', { found: serverText('zh', 'capture.isbnNone'), asked: ISBN }),
    );
    await shot(page, 'copy-cataloguing-picked');
  });

  it('searches by title and author: the candidates side by side, none flagged', async () => {
    await button(screen(), zh('capture.search.open')).click();
    await modal().waitFor();
    await modalField(zh('capture.search.isbn')).fill('');
    await modalField(zh('capture.search.titleField')).fill('computer');
    await modalField(zh('capture.search.author')).fill('collins');
    await button(modal(), zh('capture.search.go')).click();
    await expect.poll(() => candidates().count(), { timeout: 30_000 }).toBe(3);
    const texts = await candidates().allTextContents();
    expect(texts[2]).toContain('Computer processing of dynamic images');
    expect(texts[2]).toContain('Society of Nuclear Medicine');
    expect(texts[2]).toContain('1974');
    expect(await modal().locator('.sy-isbn-mismatch').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal().waitFor({ state: 'hidden' });
  });

  it('enables a well-known source with one click on /capture-sources', async () => {
    await page.goto(`${session.server.url}/library/#/capture-sources`);
    const sources = view(page, '/capture-sources');
    const known = sources.locator('.sy-known-sources');
    await known.waitFor();
    const name = serverText('zh', 'capture.known.loc-lcdb');
    const line = known.locator('.ant-space').filter({ hasText: name }).last();
    await button(line, zh('capture.known.enable')).click();
    await sources.locator('.ant-table-row').filter({ hasText: name }).waitFor();
    expect(await sources.locator('.ant-table-row').filter({ hasText: name }).textContent()).toContain(
      'lx2.loc.gov:210',
    );
  });

  it('signs a Z39.50 source in (the password is stored, never shown) and tests it: the character set agreed', async () => {
    const sources = view(page, '/capture-sources');
    const row = sources.locator('.ant-table-row').filter({ hasText: 'yaz Z39.50' });
    const form = page.locator('.ant-modal').filter({ hasText: zh('capture.sources.edit') });
    await button(row, zh('capture.sources.edit')).click();
    await form.locator('#user').fill('member42');
    await form.locator('#group').fill('school');
    await form.locator('#password').fill('S3cret!z');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await form.waitFor({ state: 'hidden' });
    await row.getByText(zh('capture.field.signIn')).waitFor();
    // Opened again: the user is there, the password field is empty and says one is stored.
    await button(row, zh('capture.sources.edit')).click();
    expect(await form.locator('#user').inputValue()).toBe('member42');
    expect(await form.locator('#password').inputValue()).toBe('');
    await form.getByText(zh('capture.field.passwordKept')).waitFor();
    await shot(page, 'capture-source-sign-in');
    await form.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await form.waitFor({ state: 'hidden' });
    // yaz-ztest signs anyone in, and answers our UTF-8 proposal with ISO-8859-1 for queries only.
    await button(row, zh('capture.sources.test')).click();
    await page.getByText(zh('capture.test.charsetOnly', { charset: 'ISO-8859-1' })).waitFor();
  });
});
