import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { button, tx, view } from './support/app.ts';
import { shot } from './support/browser.ts';
import { useAdminScreen } from './support/session.ts';

/**
 * The librarian imports a whole 中图法 file on /book-editing-rule ("Classification schemes" tab), sees how many
 * classes came in and which codes were repeated, browses the tree, and the cataloguing form's class picker
 * then offers the imported classes.
 */
const RULES = '/book-editing-rule';
const EDITING = '/book-editing';
const zh = (key: string, p?: Record<string, string | number>) => tx('zh', key, p);

const session = useAdminScreen('/collection');
let page: Page;
let file: string;
beforeAll(() => {
  ({ page } = session);
  const lines = [
    'code\tname\tlevel\tparent',
    'I\t文学\t1\t',
    'I2\t中国文学\t2\tI',
    'I24\t小说\t3\tI2',
    'I247\t新体小说\t4\tI24',
    'I247.5\t新体长篇、中篇小说\t5\tI247',
    'I247.5\t新体长篇小说（重复）\t5\tI247',
    'K\t历史、地理\t1\t',
  ];
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clc-e2e-')), 'clc-part.tsv');
  fs.writeFileSync(file, lines.join('\n'));
});

describe('the full CLC out of the box (issue 14 §3)', () => {
  it('the class picker finds I24 by code and 小说 by word, below the first two levels', async () => {
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    const screen = view(page, EDITING);
    await screen.locator('.sy-isbn-search input').fill('9787536692930');
    await button(screen, zh('catalogue.editing.lookUp')).click();
    await screen.locator('.sy-editing-nocapture').waitFor();
    await screen.locator('.sy-class-pick').first().click();
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.sy-class-search') });
    const search = async (q: string) => {
      await modal.locator('.sy-class-search input').fill(q);
      await modal.locator('.sy-class-search input').press('Enter');
    };
    const hits = modal.locator('.sy-class-hit');
    // The full table is installed in the background after start-up: search until it is there.
    await expect
      .poll(
        async () => {
          await search('I24');
          return hits
            .first()
            .textContent({ timeout: 2000 })
            .catch(() => '');
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toContain('小说');
    await search('小说');
    await expect
      .poll(() => hits.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('I247.5')]));
    await shot(page, 'class-picker-full-clc');
    await page.keyboard.press('Escape');
  });
});

describe('classification schemes', () => {
  it('imports a CLC file, reports classes and repeated codes, and browses the new tree', async () => {
    await page.goto(`${session.server.url}/library/#${RULES}`);
    const screen = view(page, RULES);
    await screen.getByRole('tab', { name: zh('classification.schemes.tab') }).click();
    const tab = screen.locator('.sy-class-schemes');
    await tab.locator('.ant-upload input[type=file]').setInputFiles(file);
    const done = tab.locator('.sy-class-import-done');
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(
      zh('classification.schemes.done', { count: 6, scheme: zh('classification.schemes.scheme.clc') }),
    );
    expect(await done.textContent()).toContain(zh('classification.schemes.duplicates', { n: 1, codes: 'I247.5' }));
    // The tree now holds the file's classes: the top level is I and K only.
    const tree = tab.locator('.sy-class-browser .ant-tree');
    await expect.poll(() => tree.locator('.ant-tree-title').allTextContents()).toEqual(['I  文学', 'K  历史、地理']);
    await tab.locator('.sy-class-browser-search input').fill('长篇');
    await tab.locator('.sy-class-browser-search input').press('Enter');
    const hit = tab.locator('.sy-class-browser-hit');
    await expect.poll(() => hit.count()).toBe(1);
    expect(await hit.first().textContent()).toContain('I247.5');
    await shot(page, 'classification-import');
  });

  it('the class picker of the cataloguing form offers an imported class', async () => {
    await page.goto(`${session.server.url}/library/#${EDITING}`);
    const screen = view(page, EDITING);
    // A new book: look its ISBN up (no copy-cataloguing source is set up, so the empty form opens).
    await screen.locator('.sy-isbn-search input').fill('9787536692930');
    await button(screen, zh('catalogue.editing.lookUp')).click();
    await screen.locator('.sy-editing-nocapture').waitFor();
    await screen.locator('.sy-class-pick').first().click();
    const modal = page.locator('.ant-modal').filter({ has: page.locator('.sy-class-search') });
    await modal.locator('.sy-class-search input').fill('I247.5');
    await modal.locator('.sy-class-search input').press('Enter');
    const hit = modal.locator('.sy-class-hit');
    await expect.poll(() => hit.count()).toBe(1);
    expect(await hit.first().textContent()).toContain('新体长篇、中篇小说');
    await hit.first().click();
    await expect.poll(() => screen.locator('.sy-class-input input').first().inputValue()).toBe('I247.5');
  });
});
