import zlib from 'node:zlib';
import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';
import { COMPRESS_MIN_BYTES, encodingFor } from './compression.ts';

/** Issue 13: the API's larger answers travel compressed; small ones (a desk scan's) as they are. */
describe('compressed API answers', () => {
  const t = useTestApp();
  const menus = (encoding?: string) =>
    t.inject({
      method: 'POST',
      url: `${P}/Menu/GetUserMenus`,
      payload: {},
      headers: {
        authorization: `Bearer ${t.adminToken}`,
        schoolid: String(t.schoolId),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    });

  it('sends the menu tree in brotli or gzip as the browser accepts, the same envelope and headers', async () => {
    const plain = await menus();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.json()).toMatchObject({ code: 0, success: true });
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await menus('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['server-timing']).toMatch(/^app;dur=[\d.]+$/);
    expect(br.headers['content-security-policy']).toContain("default-src 'self'");
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const gz = await menus(accept);
      expect(gz.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    }
    expect((await menus('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('sends small answers and refusals as they are', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/healthz' },
      { method: 'POST' as const, url: `${P}/Menu/GetUserMenus`, payload: {} },
    ]) {
      const res = await t.inject({ ...req, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], req.url).toBeUndefined();
      expect(res.rawPayload.length, req.url).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(res.json(), req.url).toBeTruthy();
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(encodingFor('gzip, deflate, br')).toBe('br');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('GZIP;q=0.5')).toBe('gzip');
    expect(encodingFor('deflate, identity')).toBeUndefined();
    expect(encodingFor('gzip;q=0')).toBeUndefined();
    expect(encodingFor(undefined)).toBeUndefined();
  });
});
