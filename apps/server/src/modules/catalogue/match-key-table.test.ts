import { P } from '@shuyuan/contracts/common/paths';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { writeIso2709File } from '../marc/lib/iso2709-writer.ts';
import { importMarcAs } from '../marc/marc.test-support.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';
import { recordMatchKey } from './match-key.table.ts';
import { recordsByMatchKeys } from './match.service.ts';

const t = useTestApp();
const L = `${P}/Literature`;
const GROUPS = `${P}/Catalogue/DuplicateGroups`;
const MERGE = `${P}/Catalogue/MergeRecords`;

async function ok(url: string, body: unknown, opts = {}) {
  const res = await t.post(url, body, opts);
  expect(res.json.code, JSON.stringify(res.json)).toBe(0);
  return res.json.data;
}
const record = async (title: string, extra: Record<string, unknown> = {}, opts = {}) =>
  (await ok(`${L}/AddItemsCatalogueInfo`, { title, ...extra }, opts)).id as number;
const addCopies = (recordId: number, barcodes: string[]) =>
  ok(`${L}/AddItemsCollectionInfo`, { recordId, count: barcodes.length, barcodes });
const barcodesOf = async (recordId: number) =>
  (await t.db.select({ b: copy.barcode }).from(copy).where(eq(copy.recordId, recordId))).map((r) => r.b).sort();
const exists = async (ids: number[]) =>
  (await t.db.select({ id: catalogueRecord.id }).from(catalogueRecord).where(inArray(catalogueRecord.id, ids))).length;

/**
 * The key table holds exactly each record's `match_keys`, plus `001:SHUYUAN|<id>` for a record without stored
 * MARC — computed here from the records, not by the database's own function.
 */
async function expectKeyTableExact() {
  const records = await t.db
    .select({
      id: catalogueRecord.id,
      schoolId: catalogueRecord.schoolId,
      keys: catalogueRecord.matchKeys,
      noMarc: sql<boolean>`${catalogueRecord.marc} is null`,
    })
    .from(catalogueRecord);
  const want = records
    .flatMap((r) => [...r.keys, ...(r.noMarc ? [`001:SHUYUAN|${r.id}`] : [])].map((k) => `${r.schoolId} ${k} ${r.id}`))
    .sort();
  const rows = await t.db.select().from(recordMatchKey).orderBy(asc(recordMatchKey.recordId));
  expect(rows.map((r) => `${r.schoolId} ${r.key} ${r.recordId}`).sort()).toEqual(want);
}

const book = (title: string, isbn: string): MarcRecord => ({
  leader: '00000nam a2200000 a 4500',
  fields: [
    { tag: '001', value: `KT-${isbn}` },
    { tag: '003', value: 'NLC' },
    { tag: '020', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: isbn }] },
    { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: title }] },
  ],
});

describe('record_match_key follows every write of a record', () => {
  it('form, update, MARC import, MARC set by any writer, merge and delete leave it exact', async () => {
    const a = await record('Key table A', { isbn: '9787020002207', author: 'Wu', pubYear: 2001 });
    const b = await record('Key table B', { issn: '0317-8471' });
    await expectKeyTableExact();
    await ok(`${P}/Catalogue/UpdateRecord`, { id: a, title: 'Key table A, second edition', isbn: '9780306406157' });
    await expectKeyTableExact();
    await importMarcAs(t, null, writeIso2709File([book('Imported one', '9787536692930')]));
    const imported = await t.db.select().from(catalogueRecord).where(eq(catalogueRecord.title, 'Imported one'));
    expect(imported.map((r) => r.matchKeys)).toEqual([['001:NLC|KT-9787536692930', 'isbn:9787536692930']]);
    await expectKeyTableExact();
    // a record given MARC by a writer outside the application keeps the table exact (trigger, not code)
    await t.db.execute(sql`update catalogue_record set marc = '{"leader":"","fields":[]}'::json where id = ${b}`);
    await expectKeyTableExact();
    const found = await recordsByMatchKeys(t.db, { schoolId: t.schoolId } as never, [
      `001:SHUYUAN|${a}`,
      'issn:03178471',
    ]);
    expect([...found.entries()].map(([k, v]) => [k, v.id])).toEqual([
      [`001:SHUYUAN|${a}`, a],
      ['issn:03178471', b],
    ]);
    const c = await record('Key table C', { isbn: '9780306406157' });
    await ok(MERGE, { keepId: a, dropIds: [c] });
    await ok(`${L}/DeleteBookAllRecords`, { ids: [b] });
    await expectKeyTableExact();
    expect(
      await t.db
        .select()
        .from(recordMatchKey)
        .where(inArray(recordMatchKey.recordId, [b, c])),
    ).toEqual([]);
  });
});

describe('merging a group', () => {
  it('merges three records at once, or none of them when one cannot be merged', async () => {
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['resource-mana.resource.catalog:add'] });
    const foreign = await record('Group title', { isbn: '9787544253994' }, { token: admin.token, schoolId: other });
    const [a, b, c] = [
      await record('Group title', { isbn: '9787544253994' }),
      await record('Group title.', { isbn: '9787544253994' }),
      await record('GROUP TITLE', { isbn: '9787544253994' }),
    ];
    await addCopies(a, ['GRP-A']);
    await addCopies(b, ['GRP-B1', 'GRP-B2']);
    await addCopies(c, ['GRP-C']);
    const groups = await ok(GROUPS, { kind: 'isbn', Rows: 500 });
    expect(
      groups.List.filter((g: any) => g.records.some((r: any) => r.id === a)).map((g: any) =>
        g.records.map((r: any) => r.id),
      ),
    ).toEqual([[a, b, c]]);

    const refused = await t.post(MERGE, { keepId: a, dropIds: [b, c, foreign] });
    expect(refused.json.errorCode).toBe('NOT_FOUND');
    expect(await barcodesOf(b)).toEqual(['GRP-B1', 'GRP-B2']);
    expect(await exists([a, b, c])).toBe(3);

    expect(await ok(MERGE, { keepId: b, dropIds: [a, c] })).toEqual({ copies: 2 });
    expect(await barcodesOf(b)).toEqual(['GRP-A', 'GRP-B1', 'GRP-B2', 'GRP-C']);
    expect(await exists([a, b, c])).toBe(1);
    const after = await ok(GROUPS, { kind: 'isbn', Rows: 500 });
    expect(after.List.filter((g: any) => g.records.some((r: any) => r.id === b))).toEqual([]);
  });

  it('two desks merging one group at once: one wins, the other changes nothing', async () => {
    const ids = [
      await record('Race title', { isbn: '9787101003048' }),
      await record('Race title', { isbn: '9787101003048' }),
      await record('Race title', { isbn: '9787101003048' }),
    ];
    for (const [i, id] of ids.entries()) await addCopies(id, [`RACE-${i}`]);
    const [first, second] = await Promise.all([
      t.post(MERGE, { keepId: ids[0], dropIds: [ids[1], ids[2]] }),
      t.post(MERGE, { keepId: ids[2], dropIds: [ids[0], ids[1]] }),
    ]);
    const codes = [first.json.code === 0, second.json.code === 0];
    expect(codes.filter(Boolean)).toHaveLength(1);
    const loser = codes[0] ? second : first;
    expect(loser.json.errorCode).toBe('NOT_FOUND');
    const winner = codes[0] ? ids[0] : ids[2];
    expect(await barcodesOf(winner)).toEqual(['RACE-0', 'RACE-1', 'RACE-2']);
    expect(await exists(ids)).toBe(1);
  });
});

describe('duplicate groups are paged in the database', () => {
  it('pages through the groups with the total of every page, past the last one too', async () => {
    const s = await buildSchool(t.db);
    const u = await buildUser(t.db, s, { permissions: ['record-duplicates', 'resource-mana.resource.catalog:add'] });
    const as = { token: u.token, schoolId: s };
    const made: number[][] = [];
    for (const issn of ['0317-8471', '0028-0836', '0036-8075'])
      made.push([await record(`Serial ${issn}`, { issn }, as), await record(`Serial ${issn}`, { issn }, as)]);
    const ids = (d: any) => d.List.map((g: any) => g.records.map((r: any) => r.id));
    const p1 = await ok(GROUPS, { Page: 1, Rows: 2 }, as);
    const p2 = await ok(GROUPS, { Page: 2, Rows: 2 }, as);
    const p3 = await ok(GROUPS, { Page: 3, Rows: 2 }, as);
    expect([p1.Total, p2.Total, p3.Total]).toEqual([3, 3, 3]);
    expect([...ids(p1), ...ids(p2)]).toEqual(made);
    expect(ids(p3)).toEqual([]);
    expect(p1.List[0].keys).toEqual([{ kind: 'issn', value: '03178471' }]);
    const none = await ok(GROUPS, { Page: 1, Rows: 2, kind: 'isbn' }, as);
    expect(none).toEqual({ List: [], Total: 0 });
  });
});

describe("the cataloguing form's duplicate warning (Catalogue/RecordsByMatchKeys)", () => {
  const WARN = `${P}/Catalogue/RecordsByMatchKeys`;
  it('finds the records sharing any key with what is typed, says which, and keeps schools apart', async () => {
    const a = await record('The Secret Garden', { author: 'Burnett, Frances Hodgson', pubYear: 1911 });
    const b = await record('秘密花园', { isbn: '9787020042494' });
    await addCopies(b, ['WARN-1', 'WARN-2']);
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['resource-mana.resource.catalog:add'] });
    await record('秘密花园', { isbn: '9787020042494' }, { token: admin.token, schoolId: other });

    // no ISBN: title, author (role and dates dropped) and year
    const byTitle = await ok(
      WARN,
      { title: 'Secret garden.', author: 'BURNETT, FRANCES HODGSON, 1849-1924', pubYear: 1911 },
      { lang: 'en' },
    );
    expect(byTitle.map((r: any) => [r.id, r.kind, r.matched])).toEqual([
      [a, 'tay', 'title, author and year (secretgarden / burnettfranceshodgson / 1911)'],
    ]);
    // the ISBN-10 form of an ISBN-13, in Chinese
    const byIsbn = await ok(WARN, { isbn: '7-02-004249-X' }, { lang: 'zh' });
    expect(byIsbn.map((r: any) => [r.id, r.matched, r.copies])).toEqual([[b, 'ISBN 9787020042494', 2]]);
    // a 035 in the MARC being catalogued (copy cataloguing) against a record imported with it
    await importMarcAs(
      t,
      null,
      writeIso2709File([
        {
          leader: '00000nam a2200000 a 4500',
          fields: [
            { tag: '035', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '(OCoLC)ocm00098765' }] },
            { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: 'Warned by 035' }] },
          ],
        },
      ]),
    );
    const marc = {
      leader: '00000nam a2200000 a 4500',
      fields: [{ tag: '035', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '(OCoLC)98765' }] }],
    };
    const by035 = await ok(WARN, { title: 'Another title', marc }, { lang: 'en' });
    expect(by035.map((r: any) => [r.title, r.matched])).toEqual([['Warned by 035', '035 (OCoLC)98765']]);
    // the record being edited is not its own duplicate; nothing known, nothing found
    expect(await ok(WARN, { isbn: '9787020042494', excludeId: b })).toEqual([]);
    expect(await ok(WARN, { title: 'Nothing like it', isbn: 'not an isbn' })).toEqual([]);
    // a user without a cataloguing screen may not ask
    const reader = await buildUser(t.db, t.schoolId, { permissions: [] });
    expect((await t.post(WARN, { isbn: '9787020042494' }, { token: reader.token })).status).toBe(403);
  });
});
