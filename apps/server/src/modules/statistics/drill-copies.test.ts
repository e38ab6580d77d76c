import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { exportedSheet } from './test-export.ts';
import { buildTestLibrary } from './test-library.ts';

const S = `${P}/Statistics`;

/**
 * The copies behind a collection figure, over the hand-counted library of test-library.ts. Held: c1a c1b (R1,
 * I247, L1), c2a (R2, TP3, L2), c5 (R2, L2, 28.50), c3a (R3 unclassified, L1); c4 is weeded (never listed).
 */
describe('drilling from the collection reports into the copies', () => {
  const t = useTestApp();
  let school: number;
  let token: string;
  let lib: Awaited<ReturnType<typeof buildTestLibrary>>;
  const post = (url: string, body: object, tk = token) =>
    t.post(`${S}/${url}`, body, { token: tk, schoolId: school, lang: 'en' });
  const copies = async (url: string, body: object) => {
    const r = await post(url, { Page: 1, Rows: 20, ...body });
    expect(r.json.success, JSON.stringify(r.json)).toBe(true);
    return { total: r.json.data.Total, barcodes: r.json.data.List.map((c: any) => c.barcode), list: r.json.data.List };
  };

  beforeAll(async () => {
    school = await buildSchool(t.db);
    token = (await buildUser(t.db, school, { permissions: ['*'] })).token;
    lib = await buildTestLibrary(t.db, school);
  });

  it('lists the copies of a collection row: the list total is the row’s copies', async () => {
    const byClass = (await post('Collection', { by: 'classNo' })).json.data.List;
    for (const row of byClass) {
      const c = await copies('CollectionCopies', { by: 'classNo', key: row.key });
      expect(c.total, `class ${row.key}`).toBe(row.copies);
    }
    const i = await copies('CollectionCopies', { by: 'classNo', key: 'I' });
    expect(i.barcodes).toEqual(['c1a', 'c1b']);
    expect(i.list[0]).toMatchObject({ title: 'R1', callNo: 'I247/1', classNo: 'I247', locationName: 'L1' });
    expect((await copies('CollectionCopies', { by: 'classNo', key: '' })).barcodes).toEqual(['c3a']);
    const l1 = await copies('CollectionCopies', { by: 'location', key: lib.l1.id });
    expect(l1.barcodes).toEqual(['c1a', 'c1b', 'c3a']);
    // The report's item filters stay: class T at L2, valued at the copy's own price (else the record's: none).
    const t2 = await copies('CollectionCopies', { by: 'classNo', key: 'T', locationId: lib.l2.id });
    expect(t2.list.map((c: any) => [c.barcode, c.valueFen])).toEqual([
      ['c2a', null],
      ['c5', 2850],
    ]);
    const year = new Date().getFullYear();
    expect((await copies('CollectionCopies', { by: 'year', key: year })).total).toBe(5);
    expect((await copies('CollectionCopies', { by: 'year', key: year - 1 })).total).toBe(0);
  });

  it('the 22 classes and the five parts drill into their copies; outside them is the row of none', async () => {
    expect((await copies('Classify22Copies', { by: 'class22', key: 'T' })).barcodes).toEqual(['c2a', 'c5']);
    expect((await copies('Classify22Copies', { by: 'class22', key: '' })).barcodes).toEqual(['c3a']);
    expect((await copies('Classify5Copies', { by: 'part', key: 'social' })).barcodes).toEqual(['c1a', 'c1b']);
    expect((await copies('Classify5Copies', { by: 'part', key: 'natural' })).barcodes).toEqual(['c2a', 'c5']);
    expect((await copies('Classify5Copies', { by: 'part', key: 'general' })).total).toBe(0);
    expect((await copies('Classify5Copies', { by: 'part', key: '' })).barcodes).toEqual(['c3a']);
    const paged = await post('Classify22Copies', { by: 'class22', key: 'T', Page: 2, Rows: 1 });
    expect(paged.json.data).toMatchObject({ Total: 2, List: [{ barcode: 'c5' }] });
  });

  it('exports the copies of a row as an xlsx task', async () => {
    const ex = await post('ExportCollectionCopies', { by: 'classNo', key: 'T' });
    expect(ex.json.success, JSON.stringify(ex.json)).toBe(true);
    expect(ex.json.data.FileName).toMatch(/^Copy details-\d+\.xlsx$/);
    const ws = await exportedSheet(t, ex.json.data.DataID);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Barcode',
      'Title',
      'Call number',
      'Class number',
      'Location',
      'Accessioned',
      'Price',
    ]);
    expect((ws.getRow(3).values as unknown[]).slice(1, 5)).toEqual(['c5', 'R2', 'TP3/2', 'TP3']);
    expect(ws.getRow(3).getCell(7).value).toBe('28.50');
  });

  it('keeps to its school and the report’s permissions', async () => {
    const viewer = await buildUser(t.db, school, { permissions: ['collection-statistic'] });
    expect((await copies('CollectionCopies', { by: 'classNo', key: 'I' })).total).toBe(2);
    const seen = await post('CollectionCopies', { by: 'classNo', key: 'I', Page: 1, Rows: 20 }, viewer.token);
    expect(seen.json.data.Total).toBe(2);
    expect((await post('ExportCollectionCopies', { by: 'classNo', key: 'I' }, viewer.token)).status).toBe(403);
    expect((await post('Classify22Copies', { by: 'class22', key: 'I' }, viewer.token)).status).toBe(403);
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const theirs = await t.post(
      `${S}/CollectionCopies`,
      { by: 'classNo', key: 'I', Page: 1, Rows: 20 },
      { token: admin2.token, schoolId: other },
    );
    expect(theirs.json.data.Total).toBe(0);
  });
});
