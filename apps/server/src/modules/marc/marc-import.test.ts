import fs from 'node:fs';
import path from 'node:path';
import { P } from '@shuyuan/contracts/common/paths';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { backgroundTuning } from '../../db/requests-first.ts';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { branch, resourceType } from '../basic/branch.table.ts';
import { location } from '../basic/location.table.ts';
import { acceptanceBatch, catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { saveEditingConfig } from '../catalogue/editing-config.service.ts';
import { saveBarcodeRule } from '../printing/barcode-rules.service.ts';
import { storeUpload } from '../upload/upload.service.ts';
import { defaultMarcRules } from './lib/default-rules.ts';
import { writeIso2709, writeIso2709File } from './lib/iso2709-writer.ts';
import { MARC_DATA } from './lib/test-data.ts';
import { type As, exportMarc, importMarcAs } from './marc.test-support.ts';

const t = useTestApp();
const have = (f: string) => fs.existsSync(f);
const XML = path.join(MARC_DATA, 'derived/marc21-cjk-from-pride-and-prejudice.xml');
const CNMARC = path.join(MARC_DATA, 'derived/cmarc-zh-TW-from-pride-and-prejudice.mrc');
const MARC8 = path.join(MARC_DATA, 'marc-perl/marc-charset/t/cjk1.marc');

const IMPORTER = ['marc-import', 'marc-import:import'];

/** Uploads a file (or bytes) for a school, runs P/Marc/Import and answers the result lines and the report. */
const importAs = (as: As | null, file: string | Buffer, body: Record<string, unknown> = {}, lang = 'en') =>
  importMarcAs(t, as, file, body, lang);

async function place(schoolId: number, name: string) {
  const [b] = await t.db
    .insert(branch)
    .values({ schoolId, name: `${name} branch`, code: `B${Math.random().toString(36).slice(2, 7)}` })
    .returning();
  const [l] = await t.db
    .insert(location)
    .values({ schoolId, branchId: b.id, name, code: `L${Math.random().toString(36).slice(2, 7)}` })
    .returning();
  return { branchId: b.id, locationId: l.id };
}

const copiesOf = (schoolId: number, recordId: number) =>
  t.db
    .select({
      barcode: copy.barcode,
      callNo: copy.callNo,
      locationId: copy.locationId,
      branchId: copy.branchId,
      batchId: copy.batchId,
    })
    .from(copy)
    .where(and(eq(copy.schoolId, schoolId), eq(copy.recordId, recordId)))
    .orderBy(asc(copy.barcode));

const recordsOf = (schoolId: number) =>
  t.db.select().from(catalogueRecord).where(eq(catalogueRecord.schoolId, schoolId)).orderBy(asc(catalogueRecord.id));

/** School A's record with copies in a named location, exported as ISO 2709 (852 $b $h $p). */
async function exportFromA(barcodes: string[], extra: { title: string; isbn?: string }[] = []) {
  const { locationId } = await place(t.schoolId, '二楼书库');
  const rec = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, {
    title: '三体',
    author: '刘慈欣',
    isbn: '9787536692930',
    classNo: 'I247.5',
    bookNo: '12',
    price: 23,
  });
  expect(rec.json.code, JSON.stringify(rec.json)).toBe(0);
  const id = rec.json.data.id;
  const added = await t.post(`${P}/Literature/AddItemsCollectionInfo`, {
    recordId: id,
    count: barcodes.length,
    barcodes,
    locationId,
    callNo: 'I247.5/12',
  });
  expect(added.json.code, JSON.stringify(added.json)).toBe(0);
  const ids = [id];
  for (const e of extra) {
    const r = await t.post(`${P}/Literature/AddItemsCatalogueInfo`, e);
    ids.push(r.json.data.id);
    await t.post(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: r.json.data.id,
      count: 1,
      barcodes: ['RT0999'],
    });
  }
  return exportMarc(t, ids);
}

async function otherSchool(): Promise<As> {
  const schoolId = await buildSchool(t.db);
  const u = await buildUser(t.db, schoolId, { permissions: IMPORTER });
  return { token: u.token, schoolId };
}

describe('MARC import creates the copies of the holdings fields', () => {
  it('round trip: export → import into another school recreates the copies; merge adds new ones', async () => {
    const file = await exportFromA(['RT0001', 'RT0002']);
    const b = await otherSchool();
    const shelf = await place(b.schoolId, '二楼书库');
    const [batch] = await t.db
      .insert(acceptanceBatch)
      .values({ schoolId: b.schoolId, batchNo: 'P-2026-01' })
      .returning();

    const { url } = await storeUpload(t.app, b.schoolId, 'preview.mrc', file);
    const preview = await t.post(`${P}/Marc/PreviewTable`, { fileUrl: url }, b);
    expect(preview.json.data.List[0].copies).toEqual([
      { barcode: 'RT0001', location: '二楼书库', callNo: 'I247.5/12' },
      { barcode: 'RT0002', location: '二楼书库', callNo: 'I247.5/12' },
    ]);
    const report = await importAs(b, file, { batchId: batch.id });
    expect(report.summary).toBe('1 records: 1 imported, 0 skipped, 0 merged, 0 failed; 2 copies added');
    const [rec] = await recordsOf(b.schoolId);
    expect(rec.title).toBe('三体');
    expect(await copiesOf(b.schoolId, rec.id)).toEqual([
      { barcode: 'RT0001', callNo: 'I247.5/12', ...shelf, batchId: batch.id },
      { barcode: 'RT0002', callNo: 'I247.5/12', ...shelf, batchId: batch.id },
    ]);

    // School A gets a third copy; its export merged into B adds only that one to B's existing record.
    await t.post(`${P}/Literature/AddItemsCollectionInfo`, {
      recordId: (await recordsOf(t.schoolId)).find((r) => r.isbn === '9787536692930')?.id,
      count: 1,
      barcodes: ['RT0003'],
      callNo: 'I247.5/12',
    });
    const again = await t.inject({
      method: 'POST',
      url: `${P}/Literature/marcbyitemid`,
      headers: { authorization: `Bearer ${t.adminToken}`, schoolid: String(t.schoolId) },
      payload: { ids: [(await recordsOf(t.schoolId)).find((r) => r.isbn === '9787536692930')?.id], format: 'iso2709' },
    });
    const merged = await importAs(b, again.rawPayload, { duplicatePolicy: 'merge' }, 'zh');
    expect(merged.summary).toContain('合并 1');
    expect(merged.summary).toContain('新增馆藏 1 册');
    expect(merged.List).toHaveLength(1);
    expect(merged.List[0].status).toBe('已合并');
    expect(merged.List[0].reason).toContain(`#${rec.id}`);
    expect(merged.List[0].reason).toContain('馆藏条码 RT0001 已被使用');
    expect(await recordsOf(b.schoolId)).toHaveLength(1);
    expect((await copiesOf(b.schoolId, rec.id)).map((c) => c.barcode)).toEqual(['RT0001', 'RT0002', 'RT0003']);

    // "skip" adds nothing to the existing record.
    const skipped = await importAs(b, again.rawPayload, { duplicatePolicy: 'skip' });
    expect(skipped.List.map((l) => l.status)).toEqual(['skipped']);
    expect(await copiesOf(b.schoolId, rec.id)).toHaveLength(3);
  });

  it("applies the school's cataloguing and barcode rules: required fields, default resource type, barcode rule", async () => {
    const file = await exportFromA(['RT0011', 'RT0012'], [{ title: '无分类号的书' }]);
    const c = await otherSchool();
    const scope = new Scope(c.schoolId);
    const home = await place(c.schoolId, '一楼');
    const [type] = await t.db
      .insert(resourceType)
      .values({ schoolId: c.schoolId, name: '图书', code: 'BK' })
      .returning();
    await saveEditingConfig(
      t.db,
      scope,
      {
        ...(await import('@shuyuan/contracts/catalogue/editing-config')).DEFAULT_EDITING_CONFIG,
        defaultResourceTypeId: type.id,
        defaultLocationId: home.locationId,
        defaultBranchId: home.branchId,
        requiredFields: ['classNo'],
      },
      (k) => k,
    );
    // Barcodes of this school are 'RT' + 5 digits: RT0011 (4 digits) breaks the rule.
    await saveBarcodeRule(t.db, scope, { kind: 'book', enabled: true, prefix: 'RT', length: 7, checkDigit: false });

    const report = await importAs(c, file);
    expect(report.summary).toBe('2 records: 1 imported, 0 skipped, 0 merged, 1 failed; 0 copies added');
    const byTitle = Object.fromEntries(report.List.map((l) => [l.title, l]));
    expect(byTitle.无分类号的书.status).toBe('failed');
    expect(byTitle.无分类号的书.reason).toBe("The school's cataloguing rules require: Class number");
    expect(byTitle.三体.status).toBe('imported');
    expect(byTitle.三体.reason).toContain("Copy barcode RT0011 breaks the school's barcode rule");
    const [rec] = await recordsOf(c.schoolId);
    expect(rec.resourceTypeId).toBe(type.id);
    expect(await copiesOf(c.schoolId, rec.id)).toEqual([]);

    // A copy without a barcode is numbered by the rule; an unknown location puts it in the default one.
    const record: MarcRecord = {
      leader: '00000nam a2200000 a 4500',
      fields: [
        { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: '条码自动生成' }] },
        { tag: '084', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'I287' }] },
        {
          tag: '852',
          ind1: '8',
          ind2: ' ',
          subfields: [
            { code: 'b', value: '三楼' },
            { code: 'h', value: 'I287/3' },
          ],
        },
      ],
    };
    const gen = await importAs(c, writeIso2709(record));
    expect(gen.summary).toContain('1 imported');
    expect(gen.List.map((l) => l.reason)).toEqual([
      'Location "三楼" does not exist; the copy was placed in the default location',
    ]);
    const made = (await recordsOf(c.schoolId)).find((r) => r.title === '条码自动生成');
    expect(await copiesOf(c.schoolId, made?.id ?? 0)).toEqual([
      { barcode: 'RT00001', callNo: 'I287/3', ...home, batchId: null },
    ]);
  });

  it('refuses a barcode in use in the school or earlier in the file, and adds the rest', async () => {
    const c = await otherSchool();
    const [held] = await t.db
      .insert(catalogueRecord)
      .values({ schoolId: c.schoolId, title: '已有的书' })
      .returning({ id: catalogueRecord.id });
    await t.db.insert(copy).values({ schoolId: c.schoolId, recordId: held.id, barcode: 'BT0001' });
    const book = (title: string, ...barcodes: string[]): MarcRecord => ({
      leader: '00000nam a2200000 a 4500',
      fields: [
        { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: title }] },
        ...barcodes.map((b) => ({ tag: '852', ind1: ' ', ind2: ' ', subfields: [{ code: 'p', value: b }] })),
      ],
    });
    const file = Buffer.concat(
      [book('甲', 'BT0001', 'BT0002'), book('乙', 'BT0003'), book('丙', 'BT0003', 'BT0004')].map((r) =>
        Buffer.from(writeIso2709(r)),
      ),
    );
    const report = await importAs(c, file);
    expect(report.summary).toBe('3 records: 3 imported, 0 skipped, 0 merged, 0 failed; 3 copies added');
    expect(Object.fromEntries(report.List.map((l) => [l.title, l.reason]))).toEqual({
      甲: 'Copy barcode BT0001 is already in use; not added',
      丙: 'Copy barcode BT0003 is already in use; not added',
    });
    const barcodes = await t.db
      .select({ barcode: copy.barcode })
      .from(copy)
      .where(eq(copy.schoolId, c.schoolId))
      .orderBy(asc(copy.barcode));
    expect(barcodes.map((b) => b.barcode)).toEqual(['BT0001', 'BT0002', 'BT0003', 'BT0004']);
  });

  it('a copy the database refuses mid-file costs only that copy: every transaction before and after it is written', async () => {
    const c = await otherSchool();
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const refused = `RF${tag}-50`;
    // The database refuses one copy (as a constraint would): the import learns it only from the failed statement.
    await t.db.execute(
      sql.raw(`create function refuse_${tag}() returns trigger language plpgsql as $$ begin
        if new.barcode = '${refused}' then raise exception 'refused'; end if; return new; end $$;
        create trigger refuse_${tag} before insert on copy for each row execute function refuse_${tag}();`),
    );
    // No person counts as served meanwhile: on the embedded database the statements are sent back to back (HeldWrites).
    const window = backgroundTuning.busyWindowMs;
    backgroundTuning.busyWindowMs = 0;
    try {
      const book = (i: number): MarcRecord => ({
        leader: '00000nam a2200000 a 4500',
        fields: [
          { tag: '245', ind1: '0', ind2: '0', subfields: [{ code: 'a', value: `第${i}册` }] },
          { tag: '852', ind1: ' ', ind2: ' ', subfields: [{ code: 'p', value: `RF${tag}-${i}` }] },
        ],
      });
      const file = Buffer.concat(Array.from({ length: 120 }, (_, i) => Buffer.from(writeIso2709(book(i)))));
      const report = await importAs(c, file);
      expect(report.summary).toBe('120 records: 120 imported, 0 skipped, 0 merged, 0 failed; 119 copies added');
      expect(report.List.map((l) => [l.title, l.status])).toEqual([['第50册', 'imported']]);
      const [n] = await t.db.select({ n: count() }).from(copy).where(eq(copy.schoolId, c.schoolId));
      expect(n.n).toBe(119);
      const records = await recordsOf(c.schoolId);
      expect(records.map((r) => r.title).sort()).toEqual(Array.from({ length: 120 }, (_, i) => `第${i}册`).sort());
    } finally {
      backgroundTuning.busyWindowMs = window;
      await t.db.execute(sql.raw(`drop trigger refuse_${tag} on copy; drop function refuse_${tag}();`));
    }
  });

  it('refuses a default location or batch of another school when the import starts', async () => {
    const d = await otherSchool();
    const theirs = await place(t.schoolId, '别校');
    const { url } = await storeUpload(t.app, d.schoolId, 'x.mrc', Buffer.from('x'));
    const res = await t.post(
      `${P}/Marc/Import`,
      { fileUrl: url, locationId: theirs.locationId },
      { token: d.token, schoolId: d.schoolId },
    );
    expect(res.json.code).not.toBe(0);
  });
});

describe('MARC import: fields and rules', () => {
  it('maps 245 $c to responsibility and 521 $a to reading level', async () => {
    const record: MarcRecord = {
      leader: '00000nam a2200000 a 4500',
      fields: [
        {
          tag: '245',
          ind1: '1',
          ind2: '0',
          subfields: [
            { code: 'a', value: '小王子 /' },
            { code: 'c', value: '(法)圣埃克苏佩里著 ; 马振骋译.' },
          ],
        },
        { tag: '521', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '三至四年级' }] },
      ],
    };
    const before = (await recordsOf(t.schoolId)).length;
    const report = await importAs(null, writeIso2709(record), { duplicatePolicy: 'new' });
    expect(report.summary).toContain('1 imported');
    const rows = await recordsOf(t.schoolId);
    expect(rows).toHaveLength(before + 1);
    const rec = rows.at(-1) as (typeof rows)[number] & { responsibility?: string };
    expect(rec.title).toBe('小王子');
    expect(rec.responsibility).toBe('(法)圣埃克苏佩里著 ; 马振骋译');
    expect(rec.readingLevel).toBe('三至四年级');
  });

  it('ends with the statistics of the records table fresh: the planner counts the imported rows', async () => {
    const planned = async () => {
      const [r] = await rowsOf<{ planned: number; rows: number }>(
        t.db,
        sql`select (select reltuples from pg_class where oid = 'catalogue_record'::regclass)::float8 as planned,
          (select count(*) from catalogue_record)::float8 as rows`,
      );
      return { planned: Number(r.planned), rows: Number(r.rows) };
    };
    const file = writeIso2709File(
      Array.from({ length: 40 }, (_, i) => ({
        leader: '00000nam a2200000 a 4500',
        fields: [{ tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: `Statistics ${i}` }] }],
      })),
    );
    await t.db.execute(sql`analyze catalogue_record`);
    const before = await planned();
    expect(before.planned).toBe(before.rows);
    const report = await importAs(null, file, { duplicatePolicy: 'new' });
    expect(report.summary).toContain('40 imported');
    const after = await planned();
    expect(after.rows).toBe(before.rows + 40);
    expect(after.planned).toBe(after.rows);
  });

  it.skipIf(!have(MARC8))(
    'a rule saved with UpdateMarcRule changes a later import (holdings of a local 952)',
    async () => {
      const s = await otherSchool();
      const admin = await buildUser(t.db, s.schoolId, { permissions: IMPORTER });
      const as = { token: admin.token, schoolId: s.schoolId };
      await importAs(as, MARC8, { duplicatePolicy: 'new' });
      const [first] = await recordsOf(s.schoolId);
      expect(await copiesOf(s.schoolId, first.id)).toEqual([]);

      const rules = { ...defaultMarcRules('MARC21'), holdings: [{ tag: '952', barcode: 'a', location: 'b' }] };
      const saved = await t.post(`${P}/Marc/UpdateMarcRule`, rules, as);
      expect(saved.json.code).toBe(0);
      const got = await t.post(`${P}/Marc/GetMarcRule`, { flavour: 'MARC21' }, as);
      expect(got.json.data.holdings).toEqual([{ tag: '952', barcode: 'a', location: 'b', callNo: '', join: '/' }]);
      const report = await importAs(as, MARC8, { duplicatePolicy: 'new' });
      const second = (await recordsOf(s.schoolId))[1];
      const made = await copiesOf(s.schoolId, second.id);
      expect(made.map((c) => c.barcode)).toContain('ONTG02B7558');
      expect(report.summary).toContain(`${made.length} copies added`);

      // Rules saved before a field existed (no readingLevel, no holdings) get the built-in ones for it.
      const old: Record<string, unknown> = { ...rules, rules: rules.rules.filter((r) => r.field !== 'readingLevel') };
      delete old.holdings;
      expect((await t.post(`${P}/Marc/UpdateMarcRule`, old, as)).json.code).toBe(0);
      const filled = (await t.post(`${P}/Marc/GetMarcRule`, { flavour: 'MARC21' }, as)).json.data;
      expect(filled.rules.find((r: { field: string }) => r.field === 'readingLevel')?.sources).toEqual([
        { tag: '521', codes: 'a', join: ' ' },
      ]);
      expect(filled.holdings).toEqual(defaultMarcRules('MARC21').holdings);
    },
  );
});

describe.skipIf(!have(XML) || !have(CNMARC) || !have(MARC8))('MARC import of the shared sample files', () => {
  const imported = async (file: string) => {
    const s = await otherSchool();
    const report = await importAs(s, file, { duplicatePolicy: 'new' });
    return { report, rows: await recordsOf(s.schoolId) };
  };

  it('MARCXML (MARC21 with 880 vernacular fields)', async () => {
    const { report, rows } = await imported(XML);
    expect(report.summary).toContain('13 records: 13 imported');
    const rec = rows.find((r) => r.title === '傲慢与偏见') as { responsibility?: string } | undefined;
    expect(rec?.responsibility).toBe('奧斯丁著 ; 张玲, 张扬译');
  });

  it('CNMARC (UNIMARC): 200 $f responsibility', async () => {
    const { report, rows } = await imported(CNMARC);
    expect(report.summary).toContain('17 records: 17 imported');
    const rec = rows.find((r) => r.title === '傲慢與偏見') as { responsibility?: string; isbn: string } | undefined;
    expect(rec?.isbn).toBe('9787020016334');
    expect(rec?.responsibility).toBe('簡.奧斯丁著; 張玲,張揚譯');
  });

  it('MARC-8 with EACC (CJK) characters', async () => {
    const { report, rows } = await imported(MARC8);
    expect(report.summary).toContain('1 records: 1 imported');
    expect(rows[0].title).toBe('金田一京助とアイヌ語');
    expect((rows[0] as { responsibility?: string }).responsibility).toBe('大友幸男');
    const [{ n }] = await t.db.select({ n: count() }).from(copy).where(eq(copy.schoolId, rows[0].schoolId));
    expect(n).toBe(0); // its 952 is a local field: no rule maps it by default
  });
});
