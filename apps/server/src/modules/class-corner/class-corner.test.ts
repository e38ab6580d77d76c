import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { location } from '../basic/location.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const C = `${P}/ClassCorner`;
let scope: Scope;
let classId: number;
let otherClassId: number;
let cornerLoc: number;
let libLoc: number;
let cornerId: number;
let librarian: { id: number; token: string };
let students: { id: number; account: string }[];
let books: string[];

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  const [g] = await t.db
    .insert(grade)
    .values(scope.values({ name: 'Corner Grade 4' }))
    .returning();
  const [c1] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: 'Corner 4-1' }))
    .returning();
  const [c2] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g.id, name: 'Corner 4-2' }))
    .returning();
  classId = c1.id;
  otherClassId = c2.id;
  const [l1] = await t.db
    .insert(location)
    .values(scope.values({ branchId: 1, name: '4-1 corner shelf', code: 'CC41' }))
    .returning();
  const [l2] = await t.db
    .insert(location)
    .values(scope.values({ branchId: 1, name: 'Main hall', code: 'CCMAIN' }))
    .returning();
  cornerLoc = l1.id;
  libLoc = l2.id;
  // The class librarian: a teacher with no library permissions at all.
  librarian = await buildUser(t.db, t.schoolId, { identity: 'teacher', permissions: [] });
  students = [];
  for (let i = 0; i < 3; i++) students.push(await makeReader(t.db, scope, { classId, name: `Corner Kid ${i}` }));
  books = await makeCopies(t.db, scope, 4, cornerLoc);
});

describe('class corner set-up', () => {
  it('creates a corner for a class with its librarian; one corner per class', async () => {
    const add = await t.post(`${C}/AddClassCorner`, {
      name: '4-1 reading corner',
      classId,
      locationId: cornerLoc,
      librarianId: librarian.id,
    });
    expect(add.json.success, JSON.stringify(add.json)).toBe(true);
    cornerId = add.json.data.id;
    const list = await t.post(`${C}/GetClassCornerList`, {});
    expect(list.json.data.List.find((c: any) => c.id === cornerId)).toMatchObject({
      className: 'Corner 4-1',
      locationName: '4-1 corner shelf',
      copies: 4,
      onLoan: 0,
    });
    const dup = await t.post(`${C}/AddClassCorner`, { name: 'Again', classId, locationId: libLoc });
    expect(dup.json).toMatchObject({ success: false, errorCode: 'DUPLICATE' });
  });
});

describe('class librarian lends and takes back', () => {
  it('the librarian sees only their corner and batch-lends a class set; refusals are listed', async () => {
    const mine = await t.post(`${C}/GetMyCorners`, {}, { token: librarian.token });
    expect(mine.json.data.map((c: any) => c.id)).toEqual([cornerId]);
    const outsider = await makeReader(t.db, scope, { classId: otherClassId });
    const [mainHallBook] = await makeCopies(t.db, scope, 1, libLoc);
    const res = await t.post(
      `${C}/Lend`,
      {
        cornerId,
        items: [
          { readerId: students[0].id, barcode: books[0] },
          { readerId: students[1].id, barcode: books[1] },
          { readerId: students[2].id, barcode: books[2] },
          { readerId: outsider.id, barcode: books[3] },
          { readerId: students[0].id, barcode: mainHallBook },
          { readerId: students[1].id, barcode: books[0] },
        ],
      },
      { token: librarian.token, lang: 'en' },
    );
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    const r = res.json.data;
    expect(r.filter((x: any) => x.ok).map((x: any) => x.barcode)).toEqual(books.slice(0, 3));
    expect(r[3]).toMatchObject({
      ok: false,
      errorCode: 'NOT_IN_CLASS',
      msg: 'The reader is not a student of this class',
    });
    expect(r[4]).toMatchObject({ ok: false, errorCode: 'NOT_IN_CORNER' });
    expect(r[5]).toMatchObject({ ok: false, errorCode: 'COPY_ON_LOAN' });
    const booksNow = await t.post(
      `${C}/GetCornerBooks`,
      { cornerId, circState: 'borrowed' },
      { token: librarian.token },
    );
    expect(booksNow.json.data.Total).toBe(3);
    expect(booksNow.json.data.List[0].borrower).toBeTruthy();
  });

  it('takes books back and ranks titles, classes and students', async () => {
    const res = await t.post(`${C}/Return`, { cornerId, barcodes: [books[0], 'NOPE-1'] }, { token: librarian.token });
    expect(res.json.data[0]).toMatchObject({ ok: true, readerName: 'Corner Kid 0', overdueDays: 0 });
    expect(res.json.data[1]).toMatchObject({ ok: false, errorCode: 'COPY_NOT_FOUND' });
    const loans = await t.post(`${C}/GetCornerLoans`, { cornerId, state: 'open' }, { token: librarian.token });
    expect(loans.json.data.Total).toBe(2);
    const use = await t.post(`${C}/GetCornerUse`, { cornerId }, { token: librarian.token });
    expect(use.json.data.List[0]).toMatchObject({ copies: 4, onLoan: 2, loans: 3, borrowers: 3, students: 3 });
    const cls = await t.post(`${C}/GetClassRank`, {});
    expect(cls.json.data.List[0]).toMatchObject({ rank: 1, name: 'Corner 4-1', detail: 'Corner Grade 4', loans: 3 });
    const kids = await t.post(`${C}/GetStudentRank`, { cornerId });
    expect(kids.json.data.List).toHaveLength(3);
    const titles = await t.post(`${C}/GetBookRank`, {});
    expect(titles.json.data.List[0]).toMatchObject({ rank: 1, loans: 3 });
  });

  it('another teacher without permissions is refused; another school sees no corner', async () => {
    const stranger = await buildUser(t.db, t.schoolId, { identity: 'teacher', permissions: [] });
    const lend = await t.post(
      `${C}/Lend`,
      { cornerId, items: [{ readerId: students[0].id, barcode: books[3] }] },
      { token: stranger.token },
    );
    expect(lend.status).toBe(403);
    expect((await t.post(`${C}/GetClassRank`, {}, { token: stranger.token })).status).toBe(403);
    expect((await t.post(`${C}/GetMyCorners`, {}, { token: stranger.token })).json.data).toEqual([]);
    const other = await buildSchool(t.db);
    const admin2 = await buildUser(t.db, other, { permissions: ['*'] });
    const books2 = await t.post(`${C}/GetCornerBooks`, { cornerId }, { token: admin2.token, schoolId: other });
    expect(books2.json).toMatchObject({ success: false, errorCode: 'CORNER_NOT_FOUND' });
  });
});
