import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test/helper.ts';
import { errorLog } from './audit.table.ts';
import { routeRegistry } from './route.ts';

/** Issue 10 §3: bad input answers with the envelope and a clear message, never 500, and logs nothing. */
describe('bad input', () => {
  const t = useTestApp();
  const errorRows = async () => (await t.db.select({ n: count() }).from(errorLog))[0].n;

  it('refuses a NUL character in any field of every route with a contract, before the handler runs', async () => {
    const routes = new Map<string, (typeof routeRegistry)[number]>();
    for (const r of routeRegistry) if (r.schema) routes.set(`${r.method} ${r.url}`, r);
    // A route whose URL has parameters needs real values; the lists and forms of the API have none.
    const callable = [...routes.values()].filter((r) => !r.url.includes(':') && !r.url.includes('*'));
    expect(callable.length).toBeGreaterThan(300);
    // Gate and entrance routes answer device tokens only (client credentials of a device made on /sys/devices).
    const add = await t.post(`${P}/Device/AddClient`, { name: 'Bad input gate' });
    const tok = await t.inject({
      method: 'POST',
      url: '/oauth2/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${add.json.data.clientId}&client_secret=${encodeURIComponent(add.json.data.clientSecret)}`,
    });
    const device = { token: tok.json().access_token as string, schoolId: null };
    const before = await errorRows();
    const failures: string[] = [];
    for (const r of callable) {
      const input = { SearchKey: 'ab\u0000c', PageIndex: 1, PageSize: 10 };
      const as = r.access === 'device' ? device : undefined;
      const res =
        r.method === 'GET' || r.method === 'DELETE' ? await t.get(r.url, input, as) : await t.post(r.url, input, as);
      const issue = res.json?.issues?.[0];
      if (res.status !== 400 || res.json?.errorCode !== 'VALIDATION' || issue?.path !== 'SearchKey') {
        failures.push(`${r.method} ${r.url}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await errorRows()).toBe(before);
  }, 300_000);

  it('names the field and says what is wrong, in the caller language', async () => {
    const res = await t.post(
      `${P}/Catalogue/SearchRecords`,
      { PageIndex: 1, PageSize: 10, SearchKey: 'x', filters: { title: ['a\u0000'] } },
      { lang: 'zh' },
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, errorCode: 'VALIDATION', msg: '提交的内容有误，请检查' });
    expect(res.json.issues).toEqual([{ path: 'filters.title.0', message: expect.stringContaining('NUL') }]);
  });

  it('tells the length limit of a too long title, not that the title is missing', async () => {
    const long = 'x'.repeat(501);
    const en = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, { title: long, edition: 'e'.repeat(101) });
    expect(en.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'At most 500 characters' },
        { path: 'edition', message: 'At most 100 characters' },
      ]),
    );
    const zh = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, { title: long }, { lang: 'zh' });
    expect(zh.json.issues).toEqual([{ path: 'title', message: '不能超过 500 个字符' }]);
    // The missing title still says so.
    const empty = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, { title: ' ' }, { lang: 'zh' });
    expect(empty.json.issues[0].path).toBe('title');
    expect(empty.json.issues[0].message).not.toContain('500');
  });

  describe('paths outside the web app', () => {
    let app: FastifyInstance;
    let port: number;
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-dist-'));
    beforeAll(async () => {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
      fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1)');
      app = await buildApp({ config: { ...t.app.config, webDist: dist }, database: t.database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
    });

    /** A raw request: the path goes out exactly as written (no client normalises '..'). */
    const raw = (p: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: p, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it('answers 404 for traversal and NUL paths, and writes no error-log row', async () => {
      const before = await errorRows();
      for (const p of [
        '/library/../../etc/passwd',
        '/library/assets/../../../etc/passwd',
        '/library/%2e%2e/%2e%2e/etc/passwd',
        '/library/assets/%2E%2E/index.html',
        '/library/..%2f..%2fetc%2fpasswd',
        '/library/%00',
        '/library/index.html%00.js',
        '/library//etc/passwd',
        '/library/assets/missing-123.js',
        '/files/uploads/1/a%00b.png',
        '/micro/%00',
      ]) {
        const res = await raw(p);
        expect({ p, status: res.status }).toEqual({ p, status: 404 });
        expect(JSON.parse(res.body)).toMatchObject({ success: false, errorCode: 'ROUTE_NOT_FOUND' });
      }
      expect(await errorRows()).toBe(before);
    });

    it('still serves the app, its assets and its old addresses', async () => {
      expect((await raw('/library/')).body).toContain('<title>app</title>');
      expect((await raw('/library/assets/index-abc123.js')).body).toBe('console.log(1)');
      expect((await raw('/library/sys/company')).body).toContain('<title>app</title>');
    });
  });

  describe('oversized uploads', () => {
    const multipart = () => ({
      authorization: `Bearer ${t.adminToken}`,
      schoolid: String(t.schoolId),
      'content-type': 'multipart/form-data; boundary=x',
    });
    it('refuses a 200 MB upload from its Content-Length at once, before reading the body', async () => {
      // The announced length is all the server sees: the body sent is a few bytes, so answering at all proves the
      // refusal did not wait for 200 MB.
      const res = await t.inject({
        method: 'POST',
        url: `${P}/upload/post`,
        headers: { ...multipart(), 'accept-language': 'zh', 'content-length': String(200 * 1024 * 1024) },
        payload: '--x--',
      });
      expect(res.statusCode).toBe(413);
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toMatchObject({
        success: false,
        msg: '上传的内容太大：一次最多 20 MB（更大的文件请分块上传）',
      });
    });

    it('still takes an upload within the limit', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
      const body = Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from('\r\n--x--\r\n'),
      ]);
      const res = await t.inject({
        method: 'POST',
        url: `${P}/upload/post`,
        headers: multipart(),
        payload: body,
      });
      expect(res.json()).toMatchObject({ success: true, data: { name: 'a.png', size: png.length } });
    });
  });
});
