import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../modules/auth/oidc-test-client.ts';
import { useTestApp } from '../test/helper.ts';
import { rowsOf } from './client.ts';

/**
 * A data folder made by each earlier release (test/fixtures/upgrade/<version>: scripts/make-upgrade-fixture.ts)
 * is copied to a temporary folder and the current server starts on it: its migrations run on the old data, start-up
 * seeding runs, and the school works as before. A migration that fails on existing rows fails this test.
 * The embedded engine only (the fixtures are data folders); PostgreSQL databases take the same migrations.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/upgrade');
const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'));
const versions = fs.readdirSync(FIXTURES).filter((v) => fs.existsSync(path.join(FIXTURES, v, 'data.tar.gz')));
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
});

it('keeps the data folder of every supported release', () => {
  expect(versions).toContain('0.2.0');
});

for (const version of versions) {
  describe.skipIf(!!process.env.TEST_DATABASE_URL)(`a data folder made by ${version}`, () => {
    const fixture = path.join(FIXTURES, version);
    const expected = JSON.parse(fs.readFileSync(path.join(fixture, 'expected.json'), 'utf8'));
    const t = useTestApp({
      dataDir: () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shuyuan-upgrade-${version}-`));
        folders.push(dir);
        execFileSync('tar', ['-xzf', path.join(fixture, 'data.tar.gz'), '-C', dir]);
        return dir;
      },
    });
    const count = async (q: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(t.db, q))[0].n;
    let token: string;
    const as = () => ({ token, schoolId: expected.admin.schoolId });

    it('runs every migration since on it', async () => {
      expect(expected.schema).toBeLessThanOrEqual(journal.entries.length);
      expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
        journal.entries.length,
      );
      // 0005: a school whose copy barcodes all have eight digits (the demo library's) gets the default rule.
      const rule = sql`select count(*)::int as n from barcode_rule where school_id = ${expected.admin.schoolId}
        and kind = 'book' and prefix = '' and length = 8 and not check_digit`;
      expect(await count(rule)).toBe(1);
    });

    it("signs its administrator in with the release's password", async () => {
      const { tokens } = await signIn(t, expected.admin.account, expected.admin.password);
      token = tokens.access_token;
      expect(token).toBeTruthy();
      const me = await t.get('/micro/basic/v2/open/user/get', undefined, { token, schoolId: null });
      expect(me.json.data.account).toBe(expected.admin.account);
    });

    it('keeps the records, copies, readers and loans', async () => {
      const c = expected.counts;
      expect(await count(sql`select count(*)::int as n from catalogue_record`)).toBe(c.records);
      expect(await count(sql`select count(*)::int as n from copy`)).toBe(c.copies);
      expect(await count(sql`select count(*)::int as n from app_user where identity <> 'staff'`)).toBe(c.readers);
      expect(await count(sql`select count(*)::int as n from loan`)).toBe(c.loans);
      expect(await count(sql`select count(*)::int as n from loan where returned_at is null`)).toBe(c.openLoans);
    });

    it('takes back a book lent before the upgrade, and lends it again', async () => {
      const { reader, barcode } = expected.loan;
      const loans = async () =>
        (await t.post(`${P}/Circulation/GetUserBorrowing`, { readerBarcode: reader, Page: 1, Rows: 50 }, as())).json
          .data;
      const before = await loans();
      expect(JSON.stringify(before)).toContain(barcode);
      const back = await t.post(`${P}/Circulation/LiteratureReturn`, { barcode }, as());
      expect(back.json.success).toBe(true);
      expect(JSON.stringify(await loans())).not.toContain(barcode);
      const again = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader, barcode }, as());
      expect(again.json.success).toBe(true);
      expect(JSON.stringify(await loans())).toContain(barcode);
    });

    it('keeps the settings', async () => {
      const { key, value } = expected.setting;
      const got = await t.post(`${P}/Config/GetConfigData`, { keys: [key] }, as());
      expect(JSON.stringify(got.json.data)).toContain(value);
      const site = await t.post(`${P}/Search/GetSiteConfig`, {}, { token: null, schoolId: expected.admin.schoolId });
      expect(site.json.data.welcome).toBe(value);
    });

    it('serves the files uploaded before', async () => {
      const res = await t.inject({
        method: 'GET',
        url: expected.upload.url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(expected.upload.size);
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(expected.upload.sha256);
    });
  });
}
