import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { shotOnFailure, signIn, view } from './app.ts';
import { launch } from './browser.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './server.ts';

export interface ScreenSession {
  server: RunningServer;
  ctx: BrowserContext;
  page: Page;
}

/**
 * One server and one browser for a test file: signs in as the demo admin and opens `path` (a list screen, ready
 * once its table shows). Filled in by a beforeAll, closed by an afterAll; a failing test leaves a screenshot.
 */
export function useAdminScreen(path: string, lang: 'zh' | 'en' = 'zh'): ScreenSession {
  const s = {} as ScreenSession;
  shotOnFailure(() => s.page);
  beforeAll(async () => {
    buildWebOnce();
    s.server = await startServer();
    s.ctx = await launch(lang === 'zh' ? 'zh-CN' : 'en-US');
    s.page = await s.ctx.newPage();
    await signIn(s.page, s.server.url, lang, 'admin', ADMIN_PASSWORD);
    await s.page.goto(`${s.server.url}/library/#${path}`);
    await view(s.page, path).locator('.ant-table').waitFor();
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.server?.stop();
  });
  return s;
}
