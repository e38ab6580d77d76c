import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine needs (architecture.md). */
export async function launch(lang: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<BrowserContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-chrome-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    locale: lang,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${lang}`,
    ],
  });
}

/** Saves a screenshot under .tmp/screens for a person to look at. */
export async function shot(page: Page, name: string): Promise<string> {
  const dir = path.resolve(import.meta.dirname, '../../.tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}
