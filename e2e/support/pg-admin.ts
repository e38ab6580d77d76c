import { randomBytes } from 'node:crypto';
import { P } from '@shuyuan/contracts/common/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiPost, shotOnFailure, signIn, tokenOf } from './app.ts';
import { launch } from './browser.ts';
import { createTestDatabase, databaseUrl, PG, pgQuery as query } from './pg-template.ts';
import { ADMIN_PASSWORD, buildWebOnce, type RunningServer, startServer } from './server.ts';

export interface AdminSession {
  server: RunningServer;
  ctx: BrowserContext;
  page: Page;
  /** Calls the API as the signed-in admin; expects success and answers `data`. */
  call: (url: string, body: unknown) => Promise<any>;
  /** Runs SQL on the file's own database. */
  sql: (text: string, params?: unknown[]) => Promise<any[]>;
}

/**
 * One server on a fresh PostgreSQL database (TEST_DATABASE_URL or the local one: it starts much faster than
 * PGlite on a busy machine) and one browser signed in as the demo admin, for a whole test file. The admin's
 * token sets data up through the API; the same page then walks the screens. Dropped by an afterAll.
 * The database and the server's data folder are copies of the run's template (pg-template.ts) when there is one.
 */
export function useAdminOnPg(name: string, lang: 'zh' | 'en' = 'zh'): AdminSession {
  const s = {} as AdminSession;
  const dbName = `shuyuan_e2e_${name}_${randomBytes(4).toString('hex')}`;
  const dbUrl = databaseUrl(dbName);
  shotOnFailure(() => s.page);
  beforeAll(async () => {
    buildWebOnce();
    const dataDir = await createTestDatabase(dbName);
    s.sql = (text, params) => query(dbUrl, text, params);
    s.server = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir });
    s.ctx = await launch(lang === 'zh' ? 'zh-CN' : 'en-US');
    s.page = await s.ctx.newPage();
    await signIn(s.page, s.server.url, lang, 'admin', ADMIN_PASSWORD);
    const token = await tokenOf(s.page);
    s.call = async (url, body) => {
      const r = await apiPost(s.server.url, url, body, token, lang);
      expect(r.json?.code, `${url} ${JSON.stringify(r.json)}`).toBe(0);
      return r.json.data;
    };
  });
  afterAll(async () => {
    await s.ctx?.close();
    await s.server?.stop();
    await query(PG, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  });
  return s;
}

/** A record (class I242.4) with lendable copies of the given barcodes, made through the API; answers its id. */
export async function addBook(s: AdminSession, title: string, author: string, barcodes: string[]): Promise<number> {
  const rec = await s.call(`${P}/Literature/AddItemsCatalogueInfo`, { title, author, classNo: 'I242.4', bookNo: '1' });
  await s.call(`${P}/Literature/AddItemsCollectionInfo`, {
    recordId: rec.id,
    count: barcodes.length,
    barcodes,
    storeType: 2,
    callNo: 'I242.4/1',
  });
  return rec.id as number;
}
