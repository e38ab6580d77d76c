import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../web/vite/precompress.ts';
import { buildApp } from '../app.ts';
import { useTestApp } from '../test/helper.ts';

/** Issue 10 §3: the web app is sent precompressed (brotli or gzip), hashed files cached for a year, pages never. */
describe('web app files', () => {
  const t = useTestApp();
  let app: FastifyInstance;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shuyuan-dist-'));
  const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 40}`))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), js);
    fs.writeFileSync(path.join(dist, 'assets/logo-def456.png'), Buffer.alloc(4096, 7));
    // The build step itself, on this folder.
    const plugin = precompress() as any;
    plugin.configResolved({ root: dist, build: { outDir: '.' } });
    await plugin.closeBundle.handler();
    app = await buildApp({ config: { ...t.app.config, webDist: dist }, database: t.database });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('writes brotli and gzip copies of text files at build time, none of images or tiny files', () => {
    const names = fs.readdirSync(path.join(dist, 'assets')).sort();
    expect(names).toEqual(['index-abc123.js', 'index-abc123.js.br', 'index-abc123.js.gz', 'logo-def456.png']);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(false);
  });

  it('sends the copy the browser accepts, brotli first, and the file itself to others', async () => {
    const br = await get('/library/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(js.length / 4);

    const gz = await get('/library/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/library/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it("sends a page's security headers with pages, and only those a script or picture needs with them", async () => {
    for (const url of ['/library/assets/index-abc123.js', '/library/assets/logo-def456.png']) {
      for (const enc of ['br', undefined]) {
        const res = await get(url, enc);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy'], url).toBe('same-site');
        expect(res.headers['referrer-policy'], url).toBe('same-origin');
        expect(res.headers['content-security-policy'], url).toBeUndefined();
        expect(res.headers['x-frame-options'], url).toBeUndefined();
        expect(res.headers['server-timing'], url).toMatch(/^app;dur=/);
      }
    }
    for (const url of ['/library/', '/library/index.html', '/library/sys/company', '/library/assets/missing.js']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('caches hashed assets for a year without asking, and asks again for the page every time', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const res = await get('/library/assets/index-abc123.js', enc);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/library/assets/logo-def456.png')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/library/', '/library/index.html', '/library/sys/company']) {
      const res = await get(url, 'br');
      expect(res.body).toContain('<title>app</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
