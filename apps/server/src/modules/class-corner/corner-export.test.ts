import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, taskDone, useTestApp } from '../../test/helper.ts';
import { location } from '../basic/location.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const C = `${P}/ClassCorner`;

/** Waits for the task and reads its xlsx as rows of text, as a librarian opening the file would see it. */
async function exported(start: { json: any }, token = t.adminToken): Promise<string[][]> {
  expect(start.json.success, JSON.stringify(start.json)).toBe(true);
  const id = start.json.data.DataID;
  const job = await taskDone(t, id, { token });
  expect(job.State, job.Error).toBe(2);
  const file = await t.inject({
    method: 'GET',
    url: job.ResultFile,
    headers: { authorization: `Bearer ${token}`, schoolid: String(t.schoolId) },
  });
  expect(file.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file.rawPayload as any);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => {
    // Empty cells are holes in row.values: Array.from turns them into ''.
    out.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? '')));
  });
  return out;
}

beforeAll(async () => {
  const scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: 'Export Grade 5' }))
    .returning();
  const [c] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: 'Export 5-1' }))
    .returning();
  const [l] = await t.db
    .insert(location)
    .values(scope.values({ branchId: 1, name: '5-1 corner shelf', code: 'CCX51' }))
    .returning();
  const kids = [
    await makeReader(t.db, scope, { classId: c.id, name: 'Export Kid A' }),
    await makeReader(t.db, scope, { classId: c.id, name: 'Export Kid B' }),
  ];
  const books = await makeCopies(t.db, scope, 3, l.id);
  const add = await t.post(`${C}/AddClassCorner`, { name: '5-1 reading corner', classId: c.id, locationId: l.id });
  expect(add.json.success, JSON.stringify(add.json)).toBe(true);
  const cornerId = add.json.data.id;
  const lend = await t.post(`${C}/Lend`, {
    cornerId,
    items: [
      { readerId: kids[0].id, barcode: books[0] },
      { readerId: kids[1].id, barcode: books[1] },
    ],
  });
  expect(lend.json.data.every((x: any) => x.ok)).toBe(true);
});

describe('class corner statistics exports', () => {
  it('/class-bookuse: one row per corner with books, on loan, loans, borrowers, class size and rate', async () => {
    const rows = await exported(await t.post(`${C}/ExportCornerUse`, {}, { lang: 'en' }));
    expect(rows[0]).toEqual([
      'Class corner',
      'Class',
      'Books',
      'On loan',
      'Loans',
      'Borrowers',
      'Class size',
      'Share who borrowed',
    ]);
    expect(rows.find((r) => r[0] === '5-1 reading corner')).toEqual([
      '5-1 reading corner',
      'Export 5-1',
      '3',
      '2',
      '2',
      '2',
      '2',
      '100%',
    ]);
  });

  it('/class-bookrank, /class-classrank, /class-studentrank: the ranking on screen, headers in Chinese', async () => {
    const titles = (await t.post(`${C}/GetBookRank`, {})).json.data.List;
    const bookRows = await exported(await t.post(`${C}/ExportBookRank`, {}, { lang: 'zh' }));
    expect(bookRows[0]).toEqual(['排名', '题名', '著者', '借阅次数']);
    expect(bookRows.slice(1)).toEqual(
      titles.map((r: any) => [String(r.rank), r.name, r.detail ?? '', String(r.loans)]),
    );
    expect(bookRows).toHaveLength(2); // the corner's copies are of one title, lent twice

    const classRows = await exported(await t.post(`${C}/ExportClassRank`, {}, { lang: 'en' }));
    expect(classRows).toEqual([
      ['Rank', 'Class', 'Grade', 'Loans'],
      ['1', 'Export 5-1', 'Export Grade 5', '2'],
    ]);

    const kidRows = await exported(await t.post(`${C}/ExportStudentRank`, {}, { lang: 'en' }));
    expect(kidRows[0]).toEqual(['Rank', 'Student', 'Class', 'Loans']);
    expect(
      kidRows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['Export Kid A', 'Export Kid B']);
    expect(kidRows.slice(1).every((r) => r[2] === 'Export 5-1' && r[3] === '1')).toBe(true);
  });

  it('each export needs its own screen’s :export; viewing the screen is not enough', async () => {
    const viewer = await buildUser(t.db, t.schoolId, {
      permissions: ['class-bookuse', 'class-bookrank', 'class-classrank', 'class-studentrank'],
    });
    for (const name of ['ExportCornerUse', 'ExportBookRank', 'ExportClassRank', 'ExportStudentRank'])
      expect((await t.post(`${C}/${name}`, {}, { token: viewer.token })).status).toBe(403);
    const ranks = await buildUser(t.db, t.schoolId, { permissions: ['class-classrank', 'class-classrank:export'] });
    expect((await t.post(`${C}/ExportBookRank`, {}, { token: ranks.token })).status).toBe(403);
    const rows = await exported(await t.post(`${C}/ExportClassRank`, {}, { token: ranks.token }), ranks.token);
    expect(rows[1]).toEqual(['1', 'Export 5-1', 'Export Grade 5', '2']);
  });
});
