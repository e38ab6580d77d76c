import { P } from '@shuyuan/contracts/common/paths';
import type { MarcDataField, MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { reindexStaleRecords } from '../catalogue/catalogue-reindex.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { normalize035, recordMatchKeys } from '../catalogue/match-keys.ts';
import { writeIso2709File } from './lib/iso2709-writer.ts';
import { type As, exportMarc, importMarcAs } from './marc.test-support.ts';

const t = useTestApp();
const importAs = (as: As | null, file: Buffer, body: Record<string, unknown> = {}, lang = 'en') =>
  importMarcAs(t, as, file, body, lang);

const df = (tag: string, ...pairs: [string, string][]): MarcDataField => ({
  tag,
  ind1: ' ',
  ind2: ' ',
  subfields: pairs.map(([code, value]) => ({ code, value })),
});

/** A MARC21 book: title, author, year, and whatever identifiers a case needs. */
function book(title: string, o: { author?: string; year?: string; extra?: MarcRecord['fields'] } = {}): MarcRecord {
  return {
    leader: '00000nam a2200000 a 4500',
    fields: [
      ...(o.extra ?? []),
      ...(o.author ? [df('100', ['a', o.author])] : []),
      df('245', ['a', title]),
      ...(o.year ? [df('260', ['c', o.year])] : []),
    ],
  };
}

const recordsOf = (schoolId: number) =>
  t.db
    .select({ id: catalogueRecord.id, title: catalogueRecord.title, keys: catalogueRecord.matchKeys })
    .from(catalogueRecord)
    .where(eq(catalogueRecord.schoolId, schoolId))
    .orderBy(asc(catalogueRecord.id));

async function newSchool(): Promise<As> {
  const schoolId = await buildSchool(t.db);
  const u = await buildUser(t.db, schoolId, { permissions: ['marc-import', 'marc-import:import'] });
  return { token: u.token, schoolId };
}

describe('match keys', () => {
  it('normalise identifiers and titles', () => {
    expect(normalize035('(OCoLC)ocm00012345')).toBe('(OCoLC)12345');
    expect(normalize035('(ocolc) ocn12345')).toBe('(OCoLC)12345');
    const a = recordMatchKeys({
      title: 'The Catcher in the Rye.',
      author: 'Salinger, J. D., 1919-2010.',
      pubYear: 1951,
    });
    const b = recordMatchKeys({ title: 'catcher  in the rye', author: 'SALINGER, J.D.', pubYear: 1951 });
    expect(a).toEqual(b);
    expect(recordMatchKeys({ title: '城南旧事／', author: '林海音 著', pubYear: 2010 })).toEqual(
      recordMatchKeys({ title: '城南旧事', author: '林海音', pubYear: 2010 }),
    );
    // ISBN-10 and its ISBN-13 are one key
    expect(recordMatchKeys({ title: 'x', isbn: '0-306-40615-2' })).toEqual(['isbn:9780306406157']);
    expect(recordMatchKeys({ title: 'x', isbn: '9780306406157' })).toEqual(['isbn:9780306406157']);
    expect(recordMatchKeys({ title: 'x', issn: '0317-8471' })).toEqual(['issn:03178471']);
  });
});

describe('MARC import finds duplicates by every key', () => {
  it('each key type matches a record of the school, and says which key matched which record', async () => {
    const s = await newSchool();
    const stored = writeIso2709File([
      book('红楼梦', {
        extra: [
          { tag: '001', value: 'HLM-1' },
          { tag: '003', value: 'NLC' },
        ],
      }),
      book('西游记', { extra: [df('035', ['a', '(OCoLC)12345'])] }),
      book('水浒传', { extra: [df('020', ['a', '9780306406157'])] }),
      book('三国演义', { extra: [df('022', ['a', '0317-8471'])] }),
      book('The Old Man and the Sea', { author: 'Hemingway, Ernest', year: '1952' }),
    ]);
    expect((await importAs(s, stored)).summary).toContain('5 imported');
    const incoming = writeIso2709File([
      book('红楼梦（新版）', {
        extra: [
          { tag: '001', value: 'HLM-1' },
          { tag: '003', value: 'NLC' },
        ],
      }),
      book('西游记 2', { extra: [df('035', ['a', '(OCoLC)ocm00012345'])] }),
      book('水浒', { extra: [df('020', ['a', '0-306-40615-2 (pbk.)'])] }),
      book('三国', { extra: [df('022', ['a', '03178471'])] }),
      book('OLD MAN AND THE SEA!', { author: 'Hemingway, Ernest.', year: '[1952]' }),
      book('A different book', { author: 'Hemingway, Ernest', year: '1953' }),
    ]);
    const report = await importAs(s, incoming);
    expect(report.summary).toContain('1 imported');
    expect(report.summary).toContain('5 skipped');
    const [hlm, xyj, shz, sgy, sea] = await recordsOf(s.schoolId);
    const reasons = report.List.filter((l) => l.status === 'skipped').map((l) => l.reason);
    expect(reasons).toEqual([
      `Same 001/003 control number NLC HLM-1 as record 红楼梦 #${hlm.id}; skipped`,
      `Same 035 (OCoLC)12345 as record 西游记 #${xyj.id}; skipped`,
      `Same ISBN 9780306406157 as record 水浒传 #${shz.id}; skipped`,
      `Same ISSN 03178471 as record 三国演义 #${sgy.id}; skipped`,
      `Same title, author and year (oldmanandthesea / hemingwayernest / 1952) as record The Old Man and the Sea #${sea.id}; skipped`,
    ]);
    const zh = await importAs(
      s,
      writeIso2709File([book('西游记', { extra: [df('035', ['a', '(OCoLC)12345'])] })]),
      {},
      'zh',
    );
    expect(zh.List[0].reason).toBe(`与书目《西游记》#${xyj.id} 的系统控制号 035 (OCoLC)12345相同，已跳过`);
  });

  it('duplicates inside one file follow the policy: skip names the earlier record, merge adds to it', async () => {
    const s = await newSchool();
    const file = writeIso2709File([
      book('Moby Dick', { author: 'Melville, Herman', year: '1851' }),
      book('Moby-Dick.', { author: 'MELVILLE, HERMAN', year: '1851' }),
    ]);
    const skip = await importAs(s, file);
    expect(skip.summary).toContain('1 imported');
    expect(skip.List.map((l) => l.reason)).toEqual([
      'Same title, author and year (mobydick / melvilleherman / 1851) as record 1 of the file (Moby Dick); skipped',
    ]);
    const other = await newSchool();
    const merge = await importAs(other, file, { duplicatePolicy: 'merge' });
    expect(merge.summary).toContain('1 imported');
    expect(merge.summary).toContain('1 merged');
    expect(await recordsOf(other.schoolId)).toHaveLength(1);
  });

  it("school A's records never match school B's", async () => {
    const a = await newSchool();
    const b = await newSchool();
    const file = writeIso2709File([book('Isolation', { extra: [df('035', ['a', '(OCoLC)777'])] })]);
    await importAs(a, file);
    const inB = await importAs(b, file);
    expect(inB.summary).toContain('1 imported');
    expect(await recordsOf(b.schoolId)).toHaveLength(1);
  });

  it('re-importing our own export creates no record with skip or merge', async () => {
    const add = async (body: Record<string, unknown>) => {
      const r = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, body);
      expect(r.json.code, JSON.stringify(r.json)).toBe(0);
      return r.json.data.id as number;
    };
    // Typed on the form: no stored MARC, so the export builds it (001 = id, 003 Shuyuan).
    const ids = [
      await add({ title: '无标识的书' }),
      await add({ title: '有作者的书', author: '张三 著', pubYear: 2001 }),
      await add({ title: '有ISBN的书', isbn: '9787536692930' }),
    ];
    const imported = await importAs(null, writeIso2709File([book('导入的书', { extra: [df('035', ['a', '(X)1'])] })]), {
      duplicatePolicy: 'new',
    });
    expect(imported.summary).toContain('1 imported');
    const all = await recordsOf(t.schoolId);
    ids.push(all.at(-1)!.id);
    const file = await exportMarc(t, ids);
    const before = (await recordsOf(t.schoolId)).length;
    for (const duplicatePolicy of ['skip', 'merge']) {
      const report = await importAs(null, file, { duplicatePolicy });
      expect(report.summary).toContain('0 imported');
      expect(report.total).toBe(4);
    }
    expect(await recordsOf(t.schoolId)).toHaveLength(before);
  });

  it('records written before the keys existed get them from the start-up rebuild', async () => {
    const s = await newSchool();
    await importAs(s, writeIso2709File([book('Backfilled', { extra: [df('035', ['a', '(OCoLC)ocm0042'])] })]));
    const [before] = await recordsOf(s.schoolId);
    expect(before.keys).toEqual(['035:(OCoLC)42']);
    await t.db.execute(
      sql`update catalogue_record set match_keys = '{}', search_version = 0 where school_id = ${s.schoolId}`,
    );
    await reindexStaleRecords(t.db);
    const [after] = await recordsOf(s.schoolId);
    expect(after.keys).toEqual(['035:(OCoLC)42']);
    const again = await importAs(s, writeIso2709File([book('Backfilled', { extra: [df('035', ['a', '(OCoLC)42'])] })]));
    expect(again.summary).toContain('1 skipped');
  });
});
