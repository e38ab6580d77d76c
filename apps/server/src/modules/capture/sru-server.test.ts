import { spawn, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, useTestApp } from '../../test/helper.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from '../opac/test-fixtures.ts';
import { school } from '../school/school.table.ts';
import { setSetting } from '../circulation/test-fixtures.ts';

const t = useTestApp();
const hasYazClient = spawnSync('yaz-client', ['-V']).status !== null;
const hasXmllint = spawnSync('xmllint', ['--version']).status !== null;

let code = '';
let base = '';
const get = async (params: Record<string, string>, c = code) => {
  const r = await t.inject({ method: 'GET', url: `/sru/${c}?${new URLSearchParams(params)}` });
  return { status: r.statusCode, body: r.body, type: String(r.headers['content-type']) };
};
const sr = (query: string, more: Record<string, string> = {}) =>
  get({ version: '1.2', operation: 'searchRetrieve', query, ...more });
const hits = (xml: string) => Number(/<zs:numberOfRecords>(\d+)</.exec(xml)?.[1] ?? -1);
const diag = (xml: string) => /info:srw\/diagnostic\/1\/(\d+)/.exec(xml)?.[1];
const wellFormed = (xml: string) => !hasXmllint || spawnSync('xmllint', ['--noout', '-'], { input: xml }).status === 0;

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  [{ code }] = await t.db.select({ code: school.code }).from(school).where(eq(school.id, t.schoolId));
  const shelf = await makeLocation(t.db, scope, 'Shelf');
  const store = await makeLocation(t.db, scope, 'Closed store');
  await makeRecord(
    t.db,
    scope,
    {
      title: '红楼梦',
      author: '曹雪芹',
      isbn: '9787020002207',
      publisher: '人民文学出版社',
      pubYear: 2019,
      subjects: ['章回小说'],
    },
    [shelf],
  );
  await makeRecord(
    t.db,
    scope,
    { title: 'Pride and prejudice', author: 'Jane Austen', isbn: '9780141439518', pubYear: 2003 },
    [shelf],
  );
  await makeRecord(t.db, scope, { title: 'Emma & friends <2>', author: 'Jane Austen', pubYear: 1999 });
  await makeRecord(t.db, scope, { title: 'Persuasion withdrawn', author: 'Jane Austen' }, [{ ...shelf, storeType: 3 }]);
  await makeRecord(t.db, scope, { title: 'Sense hidden', author: 'Jane Austen' }, [store]);
  await t.db.insert(resourceAuth).values(scope.values({ locationId: store.locationId, canView: false, canLend: true }));
  const other = await buildSchool(t.db);
  await makeRecord(t.db, new Scope(other), { title: 'Mansfield Park elsewhere', author: 'Jane Austen' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/sru/${code}`;
});

describe('SRU server: searchRetrieve', () => {
  it('finds by title, creator, ISBN, subject and any word; and/or/not', async () => {
    expect(hits((await sr('dc.title=红楼梦')).body)).toBe(1);
    expect(hits((await sr('dc.creator=austen')).body)).toBe(2);
    expect(hits((await sr('bath.isbn=9787020002207')).body)).toBe(1);
    expect(hits((await sr('dc.subject=章回小说')).body)).toBe(1);
    expect(hits((await sr('prejudice')).body)).toBe(1);
    expect(hits((await sr('cql.anywhere=austen and dc.title=emma')).body)).toBe(1);
    expect(hits((await sr('dc.title=emma or dc.title=红楼梦')).body)).toBe(2);
    expect(hits((await sr('dc.creator=austen not dc.title=emma')).body)).toBe(1);
    expect(hits((await sr('dc.title any "emma 红楼梦"')).body)).toBe(2);
    expect(hits((await sr('cql.allRecords=1')).body)).toBe(3);
  });

  it('never shows withdrawn or hidden records, nor another school’s', async () => {
    for (const q of ['dc.title=persuasion', 'dc.title=sense', 'dc.title=mansfield'])
      expect(hits((await sr(q)).body), q).toBe(0);
  });

  it('answers MARCXML and Dublin Core, as XML or escaped strings, well-formed', async () => {
    const m = await sr('dc.title=红楼梦');
    expect(m.type).toContain('text/xml');
    expect(m.body).toContain('<record xmlns="http://www.loc.gov/MARC21/slim">');
    expect(m.body).toContain('<subfield code="a">红楼梦</subfield>');
    expect(wellFormed(m.body)).toBe(true);
    const dc = await sr('dc.title=emma', { recordSchema: 'dc' });
    expect(dc.body).toContain('<dc:title>Emma &amp; friends &lt;2&gt;</dc:title>');
    expect(dc.body).toContain('<dc:creator>Jane Austen</dc:creator>');
    expect(wellFormed(dc.body)).toBe(true);
    const str = await sr('dc.title=emma', { recordSchema: 'dc', recordPacking: 'string' });
    expect(str.body).toContain('&lt;dc:title&gt;Emma &amp;amp; friends');
    expect(wellFormed(str.body)).toBe(true);
    const v2 = await get({ version: '2.0', operation: 'searchRetrieve', query: 'dc.title=emma', queryType: 'cql' });
    expect(v2.body).toContain('xmlns:zs="http://docs.oasis-open.org/ns/search-ws/sruResponse"');
    expect(v2.body).toContain('<zs:recordXMLEscaping>xml</zs:recordXMLEscaping>');
  });

  it('pages with startRecord and maximumRecords, capped at 50', async () => {
    const p1 = await sr('cql.allRecords=1', { maximumRecords: '2' });
    expect(p1.body.match(/<zs:recordPosition>/g)).toHaveLength(2);
    expect(p1.body).toContain('<zs:nextRecordPosition>3</zs:nextRecordPosition>');
    const p2 = await sr('cql.allRecords=1', { maximumRecords: '2', startRecord: '3' });
    expect(p2.body.match(/<zs:recordPosition>/g)).toHaveLength(1);
    expect(p2.body).not.toContain('nextRecordPosition');
    const big = await sr('cql.allRecords=1', { maximumRecords: '5000' });
    expect(big.body).toContain('<zs:maximumRecords>50</zs:maximumRecords>');
    const zero = await sr('cql.allRecords=1', { maximumRecords: '0' });
    expect(hits(zero.body)).toBe(3);
    expect(zero.body).not.toContain('<zs:record>');
  });

  it('answers diagnostics for what it does not support', async () => {
    expect(diag((await sr('dc.date=2000')).body)).toBe('16');
    expect(diag((await sr('dc.title>cat')).body)).toBe('19');
    expect(diag((await sr('dc.title=/stem cat')).body)).toBe('20');
    expect(diag((await sr('a prox b')).body)).toBe('37');
    expect(diag((await sr('dc.title=""')).body)).toBe('27');
    expect(diag((await sr('(cat')).body)).toBe('10');
    expect(diag((await sr('cat sortby dc.title')).body)).toBe('80');
    expect(diag((await sr('cat', { recordSchema: 'mods' })).body)).toBe('66');
    expect(diag((await sr('cat', { recordPacking: 'json' })).body)).toBe('71');
    expect(diag((await sr('cql.allRecords=1', { startRecord: '99' })).body)).toBe('61');
    expect(diag((await sr('cat', { startRecord: 'x' })).body)).toBe('6');
    expect(diag((await sr('cat', { foo: '1' })).body)).toBe('8');
    expect(diag((await get({ version: '1.2', operation: 'searchRetrieve' })).body)).toBe('7');
    expect(diag((await get({ version: '3.0', operation: 'searchRetrieve', query: 'x' })).body)).toBe('5');
    expect(diag((await get({ version: '1.2', operation: 'scan', scanClause: 'x' })).body)).toBe('8');
    const d = await sr('dc.date=2000');
    expect(d.body).toContain('<diag:message>Unsupported index</diag:message>');
    expect(wellFormed(d.body)).toBe(true);
  });
});

describe('SRU server: explain and settings', () => {
  it('describes itself: indexes, schemas, limits', async () => {
    const e = await get({});
    expect(e.body).toContain('<zs:explainResponse');
    for (const s of [
      '>title</zr:name>',
      '>creator</zr:name>',
      '>isbn</zr:name>',
      '>subject</zr:name>',
      'name="marcxml"',
      'name="dc"',
    ])
      expect(e.body).toContain(s);
    expect(e.body).toContain('<zr:setting type="maximumRecords">50</zr:setting>');
    expect(wellFormed(e.body)).toBe(true);
    const v2 = await get({ version: '2.0', operation: 'explain' });
    expect(v2.body).toContain('<zs:recordXMLEscaping>xml</zs:recordXMLEscaping>');
    expect(wellFormed(v2.body)).toBe(true);
  });

  it('an unknown school, or one that turned it off, does not exist', async () => {
    expect(diag((await get({ query: 'cat' }, 'no-such-school')).body)).toBe('235');
    await setSetting(t.db, new Scope(t.schoolId), 'sru.enabled', false);
    const off = await sr('cat');
    expect(off.status).toBe(404);
    expect(diag(off.body)).toBe('235');
    await setSetting(t.db, new Scope(t.schoolId), 'sru.enabled', true);
    expect(hits((await sr('dc.title=红楼梦')).body)).toBe(1);
  });
});

describe.skipIf(!hasYazClient)('SRU server: searched with yaz-client', () => {
  // Asynchronously: the server answering it runs in this process.
  const yaz = (commands: string[]) =>
    new Promise<string>((resolve) => {
      const child = spawn('yaz-client', [base]);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.on('close', () => resolve(out));
      child.stdin.end(`${commands.join('\n')}\nquit\n`);
    });

  it('finds and shows records over SRU GET 1.2 and 1.1', async () => {
    const out = await yaz([
      'sru get 1.2',
      'querytype cql',
      'format xml',
      'elements marcxml',
      'find dc.creator=austen',
      'show 1',
    ]);
    expect(out).toContain('Number of hits: 2');
    expect(out).toMatch(
      /<subfield code="a">(Pride and prejudice|Emma & friends <2>|Emma &amp; friends &lt;2&gt;)<\/subfield>/,
    );
    const v11 = await yaz([
      'sru get 1.1',
      'querytype cql',
      'schema dc',
      'elements dc',
      'find bath.isbn=9787020002207',
      'show 1',
    ]);
    expect(v11).toContain('Number of hits: 1');
    expect(v11).toContain('<dc:title>红楼梦</dc:title>');
  });

  it('reports a diagnostic to the client', async () => {
    const out = await yaz(['sru get 1.2', 'querytype cql', 'find dc.date=2000']);
    expect(out).toMatch(/Unsupported index|diagnostic\/1\/16/);
  });
});
