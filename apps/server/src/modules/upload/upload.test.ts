import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';

const t = useTestApp();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);

type Part = { name: string; value: string } | { name: string; fileName: string; data: Buffer };
function multipart(parts: Part[]) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const bufs: Buffer[] = [];
  for (const p of parts) {
    const head =
      'fileName' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    bufs.push(Buffer.from(head), 'fileName' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  bufs.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(bufs), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, parts: Part[], opts: { token?: string; schoolId?: number } = {}) {
  const m = multipart(parts);
  const res = await t.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: {
      'content-type': m.type,
      authorization: `Bearer ${opts.token ?? t.adminToken}`,
      schoolid: String(opts.schoolId ?? t.schoolId),
      'accept-language': 'en',
    },
  });
  return res.json();
}

describe('uploads', () => {
  it('serves a private upload only to a signed-in member of its school', async () => {
    const r = await upload(`${P}/upload/post`, [{ name: 'file', fileName: '照片.png', data: PNG }]);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ name: '照片.png', size: PNG.length });
    expect(r.data.url).toMatch(new RegExp(`^/files/uploads/${t.schoolId}/\\d{6}/[0-9a-f]{32}\\.png$`));
    // Knowing the random name is not enough.
    const anonymous = await t.inject({ method: 'GET', url: r.data.url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.includes(PNG)).toBe(false);
    const got = await t.inject({
      method: 'GET',
      url: r.data.url,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('private, max-age=3600');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const student = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const member = await t.inject({
      method: 'GET',
      url: r.data.url,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(member.statusCode).toBe(200);
    const s2 = await buildSchool(t.db);
    const stranger = await buildUser(t.db, s2, { permissions: ['*'] });
    const theirs = await t.inject({
      method: 'GET',
      url: r.data.url,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.statusCode).toBe(403);
    const other = await t.inject({ method: 'GET', url: r.data.url, headers: { schoolid: String(s2) } });
    expect(other.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/files/uploads/${t.schoolId}/202601/../../x.png` })).statusCode).toBe(
      404,
    );
  });

  it('serves covers, logos, maps and library pictures to anyone; a spreadsheet never becomes public', async () => {
    const cover = await upload(`${P}/upload/post`, [
      { name: 'category', value: 'cover' },
      { name: 'file', fileName: 'cover.png', data: PNG },
    ]);
    expect(cover.data.url).toMatch(new RegExp(`^/files/uploads/${t.schoolId}/public/\\d{6}/[0-9a-f]{32}\\.png$`));
    const got = await t.inject({ method: 'GET', url: cover.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toBe('public, max-age=86400');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const logo = await upload('/micro/3rd/api/upload/uploadImage', [
      { name: 'category', value: 'logo' },
      { name: 'file', fileName: 'logo.png', data: PNG },
    ]);
    expect((await t.inject({ method: 'GET', url: logo.data.url })).statusCode).toBe(200);
    const sheet = await upload(`${P}/upload/post`, [
      { name: 'category', value: 'cover' },
      { name: 'file', fileName: 'readers.csv', data: Buffer.from('name,phone\n张三,13800000000\n') },
    ]);
    expect(sheet.data.url).not.toContain('/public/');
    expect((await t.inject({ method: 'GET', url: sheet.data.url })).statusCode).toBe(401);
    const unknown = await upload(`${P}/upload/post`, [
      { name: 'category', value: 'photo' },
      { name: 'file', fileName: 'me.png', data: PNG },
    ]);
    expect(unknown.data.url).not.toContain('/public/');
  });

  it('accepts a spreadsheet, refuses other types, lies and oversize files, and a second file', async () => {
    const csv = await upload(`${P}/upload/post`, [
      { name: 'file', fileName: 'readers.csv', data: Buffer.from('a,b\n1,2\n') },
    ]);
    expect(csv.code).toBe(0);
    // A MARC file goes through the same endpoint (import screens upload it first).
    const mrc = await upload(`${P}/upload/post`, [
      { name: 'file', fileName: 'books.mrc', data: Buffer.from('00026nam a2200025 a 4500\x1e\x1d') },
    ]);
    expect(mrc.success).toBe(true);
    const exe = await upload(`${P}/upload/post`, [{ name: 'file', fileName: 'x.exe', data: Buffer.from('MZ') }]);
    expect(exe.errorCode).toBe('UPLOAD_BAD_TYPE');
    const fake = await upload(`${P}/upload/post`, [{ name: 'file', fileName: 'x.png', data: Buffer.from('MZ....') }]);
    expect(fake.errorCode).toBe('UPLOAD_BAD_TYPE');
    expect(fake.msg).toBe('The file content does not match its extension');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(`${P}/upload/post`, [{ name: 'file', fileName: 'big.png', data: big }]);
    expect(tooBig.errorCode).toBe('UPLOAD_TOO_LARGE');
    const two = await upload(`${P}/upload/post`, [
      { name: 'file', fileName: 'a.png', data: PNG },
      { name: 'file2', fileName: 'b.png', data: PNG },
    ]);
    expect(two.errorCode).toBe('UPLOAD_ONE_ONLY');
    expect(two.msg).toBe('Upload one image only');
    const img = await upload('/micro/3rd/api/upload/uploadImage', [
      { name: 'file', fileName: 'r.csv', data: Buffer.from('a') },
    ]);
    expect(img.errorCode).toBe('UPLOAD_BAD_TYPE');
    const ok = await upload('/micro/3rd/api/upload/uploadImage', [{ name: 'file', fileName: 'r.png', data: PNG }]);
    expect(ok.code).toBe(0);
  });

  it('needs a signed-in member of the school', async () => {
    const s2 = await buildSchool(t.db);
    const stranger = await buildUser(t.db, s2);
    const r = await upload(`${P}/upload/post`, [{ name: 'file', fileName: 'a.png', data: PNG }], {
      token: stranger.token,
      schoolId: t.schoolId,
    });
    expect(r.errorCode).toBe('SCHOOL_FORBIDDEN');
  });

  it('merges a chunked upload once every chunk arrived', async () => {
    const whole = Buffer.from(`001${'MARC record data '.repeat(500)}`);
    const pieces = [whole.subarray(0, 3000), whole.subarray(3000, 6000), whole.subarray(6000)];
    const send = (i: number) =>
      upload('/micro/3rd/api/upload/MergeFile', [
        { name: 'fileId', value: 'abcdef123456' },
        { name: 'index', value: String(i) },
        { name: 'total', value: '3' },
        { name: 'fileName', value: 'books.mrc' },
        { name: 'file', fileName: 'blob', data: pieces[i] },
      ]);
    expect((await send(2)).data).toMatchObject({ done: false, received: 1 });
    expect((await send(0)).data).toMatchObject({ done: false, received: 2 });
    const last = await send(1);
    expect(last.data).toMatchObject({ done: true, name: 'books.mrc', size: whole.length });
    const got = await t.inject({
      method: 'GET',
      url: last.data.url,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(got.rawPayload.equals(whole)).toBe(true);
    expect((await t.inject({ method: 'GET', url: last.data.url })).statusCode).toBe(401);
    const bad = await upload('/micro/3rd/api/upload/MergeFile', [
      { name: 'fileId', value: '../../etc' },
      { name: 'index', value: '5' },
      { name: 'total', value: '3' },
      { name: 'file', fileName: 'blob', data: pieces[0] },
    ]);
    expect(bad.errorCode).toBe('VALIDATION');
    expect(bad.issues.map((i: any) => i.path).sort()).toEqual(['fileId', 'index']);
  });
});
