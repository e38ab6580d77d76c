import fs from 'node:fs';
import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';
import { children, ctx, readOctets } from './ber.ts';
import { captureSource } from './capture.table.ts';
import { hasYaz, startYazZtest } from './sru-fixtures.ts';
import { startFakeZ3950 } from './z3950-fixtures.ts';

/**
 * Z39.50 sign-in (idAuthentication idPass) and UTF-8 negotiation, through the API: against yaz-ztest (which
 * logs the sign-in it receives and answers the proposal) and a small target that refuses or agrees to UTF-8.
 */
const C = `${P}/Capture`;
const t = useTestApp();
const ISBN = '978-7-02-000220-7';

const z3950 = (port: number, over: Record<string, unknown> = {}) =>
  t.post(`${C}/AddSource`, {
    name: 'union',
    kind: 'z3950',
    baseUrl: `127.0.0.1:${port}`,
    database: 'Default',
    recordSchema: 'usmarc',
    ...over,
  });

async function logged(file: string, line: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (text.includes(line)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

describe.skipIf(!hasYaz)('Z39.50 sign-in against yaz-ztest', () => {
  let yaz: Awaited<ReturnType<typeof startYazZtest>>;
  beforeAll(async () => {
    yaz = await startYazZtest();
  });
  afterAll(() => yaz?.stop());

  it('stores the sign-in, never shows the password, and sends idPass in the Init', async () => {
    await t.db.delete(captureSource);
    const add = await z3950(yaz.port, { user: 'nlc-member', group: 'school42', password: 'S3cret!' });
    expect(add.json.code, JSON.stringify(add.json)).toBe(0);
    const id = add.json.data.id;
    const got = (await t.post(`${C}/GetSource`, { id })).json.data;
    expect(got).toMatchObject({ user: 'nlc-member', group: 'school42', hasPassword: true });
    expect(got).not.toHaveProperty('password');
    const listed = (await t.post(`${C}/GetSourceList`, {})).json.data.List[0];
    expect(listed).toMatchObject({ hasPassword: true });
    expect(JSON.stringify(listed)).not.toContain('S3cret!');
    // Stored sealed, not as typed.
    const [row] = await t.db.select().from(captureSource).where(eq(captureSource.id, id));
    expect(row.password).toMatch(/^enc1:/);

    const test = await t.post(`${C}/TestSource`, { id }, { lang: 'en' });
    expect(test.json.data, JSON.stringify(test.json)).toMatchObject({ ok: true, title: 'How to program a computer' });
    // yaz-ztest logs the idPass it received: user and group (never the password).
    expect(await logged(yaz.log, 'Auth idPass nlc-member school42')).toContain('Auth idPass nlc-member school42');
  });

  it('reports the character set yaz-ztest chose for our UTF-8 proposal (ISO-8859-1, records not in it)', async () => {
    await t.db.delete(captureSource);
    const add = await z3950(yaz.port, { charset: 'auto' });
    const test = await t.post(`${C}/TestSource`, { id: add.json.data.id });
    expect(test.json.data).toMatchObject({ ok: true, negotiated: { charset: 'ISO-8859-1', records: false } });
    // A source set to MARC-8 is read as set: nothing is proposed, so nothing is negotiated.
    const marc8 = await z3950(yaz.port, { name: 'marc8', charset: 'marc8' });
    const plain = await t.post(`${C}/TestSource`, { id: marc8.json.data.id });
    expect(plain.json.data).toMatchObject({ ok: true, negotiated: null });
  });

  it('keeps the password when the form leaves it empty, replaces it, and removes it on request', async () => {
    await t.db.delete(captureSource);
    const id = (await z3950(yaz.port, { user: 'u1', password: 'first' })).json.data.id;
    const base = { id, name: 'union', kind: 'z3950', baseUrl: `127.0.0.1:${yaz.port}`, database: 'Default' };
    const stored = async () => (await t.db.select().from(captureSource).where(eq(captureSource.id, id)))[0].password;
    const first = await stored();
    expect((await t.post(`${C}/UpdateSource`, { ...base, user: 'u2', password: '' })).json.code).toBe(0);
    expect(await stored()).toBe(first);
    expect((await t.post(`${C}/GetSource`, { id })).json.data).toMatchObject({ user: 'u2', hasPassword: true });
    await t.post(`${C}/UpdateSource`, { ...base, user: 'u2', password: 'second' });
    expect(await stored()).not.toBe(first);
    await t.post(`${C}/UpdateSource`, { ...base, user: 'u2', clearPassword: true });
    expect((await t.post(`${C}/GetSource`, { id })).json.data.hasPassword).toBe(false);
  });
});

describe('Z39.50 sign-in refused, and UTF-8 agreed, by a target', () => {
  it('says the source refused the sign-in, with the Bib-1 reason, in Chinese and English', async () => {
    const target = await startFakeZ3950({ refuse: 1011 });
    try {
      await t.db.delete(captureSource);
      const add = await z3950(target.port, { user: 'member', password: 'wrong' });
      const en = await t.post(`${C}/TestSource`, { id: add.json.data.id }, { lang: 'en' });
      expect(en.json.data).toMatchObject({
        ok: false,
        message:
          'the source refused the sign-in; check the user, group and password (Init/AC: Bad Userid and/or Password (1011))',
      });
      const zh = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN }, { lang: 'zh' });
      expect(zh.json.errorCode).toBe('CAPTURE_NOT_FOUND');
      expect(zh.json.msg).toContain(
        'union: 数据源拒绝了登录，请核对用户名、用户组和密码（Init/AC: Bad Userid and/or Password (1011)）',
      );
      // The Init carried idPass { userId "member", password "wrong" } (no group was set).
      const auth = ctx(children(target.inits[0].content), 7);
      const idPass = children(children(auth!.content)[0].content);
      expect(idPass.map((n) => [n.tag, readOctets(n).toString()])).toEqual([
        [1, 'member'],
        [2, 'wrong'],
      ]);
    } finally {
      await target.stop();
    }
  });

  it('says so plainly when the refusal gives no reason; no user means no idAuthentication', async () => {
    const target = await startFakeZ3950({ refuse: 0 });
    try {
      await t.db.delete(captureSource);
      const add = await z3950(target.port);
      const zh = await t.post(`${C}/TestSource`, { id: add.json.data.id }, { lang: 'zh' });
      expect(zh.json.data.message).toBe('数据源拒绝了登录，请核对用户名、用户组和密码');
      expect(ctx(children(target.inits[0].content), 7)).toBeUndefined();
    } finally {
      await target.stop();
    }
  });

  it('reads the records of a target that agreed to UTF-8 as UTF-8, and reports what was agreed', async () => {
    const target = await startFakeZ3950({ utf8: true });
    try {
      await t.db.delete(captureSource);
      const add = await z3950(target.port, { recordSchema: 'unimarc' });
      const test = await t.post(`${C}/TestSource`, { id: add.json.data.id });
      expect(test.json.data).toMatchObject({
        ok: true,
        title: '红楼梦',
        negotiated: { charset: 'UTF-8', records: true },
      });
      // The proposal went in the Init's otherInfo.
      expect(ctx(children(target.inits[0].content), 201)).toBeDefined();
      const r = await t.post(`${C}/MarcDataGrad`, { isbn: ISBN });
      expect(r.json.data.fields).toMatchObject({ title: '红楼梦', publisher: '人民文学出版社', pubYear: 2019 });
    } finally {
      await target.stop();
    }
  });
});
