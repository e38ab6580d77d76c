import { P } from '@shuyuan/contracts/common/paths';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { makeLocation, makeRecord } from './test-fixtures.ts';

const t = useTestApp();
const O = `${P}/Opac`;
const S = `${P}/Search`;
let scope: Scope;
type Reader = Awaited<ReturnType<typeof buildUser>>;
let ann: Reader;
let bob: Reader;
const as = (who: Reader, url: string, body: unknown = {}) => t.post(url, body, { token: who.token, lang: 'en' });
const lend = (who: Reader, barcode: string) =>
  t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: who.account, barcode });
const giveBack = (barcode: string) => t.post(`${P}/Circulation/LiteratureReturn`, { barcode });
let books: { id: number; barcodes: string[] }[];

/** A kiosk: a device client of the school signed in with the client-credentials grant. */
async function kioskToken(schoolId?: number): Promise<string> {
  const admin = schoolId ? await buildUser(t.db, schoolId, { permissions: ['*'] }) : undefined;
  const add = await t.post(
    `${P}/Device/AddClient`,
    { name: 'Hall kiosk' },
    admin ? { token: admin.token, schoolId } : {},
  );
  expect(add.json.success, add.json.msg).toBe(true);
  const { clientId, clientSecret } = add.json.data;
  const tok = await t.inject({
    method: 'POST',
    url: '/oauth2/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(clientSecret)}`,
  });
  return tok.json().access_token as string;
}

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  ann = await buildUser(t.db, t.schoolId, { identity: 'student' });
  await t.db.update(appUser).set({ name: '王小明' }).where(eq(appUser.id, ann.id));
  bob = await buildUser(t.db, t.schoolId, { identity: 'student' });
  const hall = await makeLocation(t.db, scope, '借阅室');
  books = [];
  for (const title of ['西游记', '水浒传', '三国演义', '红楼梦'])
    books.push(await makeRecord(t.db, scope, { title, author: '佚名' }, [{ ...hall }]));
  // Ann: 西游记 returned on time, 水浒传 returned late, 三国演义 still out and overdue; Bob: 红楼梦.
  for (const b of books.slice(0, 3)) expect((await lend(ann, b.barcodes[0])).json.success).toBe(true);
  expect((await lend(bob, books[3].barcodes[0])).json.success).toBe(true);
  expect((await giveBack(books[0].barcodes[0])).json.success).toBe(true);
  const [late] = await t.db
    .select()
    .from(loan)
    .where(eq(loan.copyId, (await copyId(books[1].barcodes[0]))!));
  await t.db.update(loan).set({ dueDate: '2020-01-10' }).where(eq(loan.id, late.id));
  expect((await giveBack(books[1].barcodes[0])).json.success).toBe(true);
  const [open] = await t.db
    .select()
    .from(loan)
    .where(eq(loan.copyId, (await copyId(books[2].barcodes[0]))!));
  await t.db.update(loan).set({ dueDate: '2020-02-10' }).where(eq(loan.id, open.id));
});

async function copyId(barcode: string) {
  const r = await t.post(`${P}/Circulation/GetCircRecord`, { barcode });
  if (r.json.data?.copyId) return r.json.data.copyId as number;
  const { copy } = await import('../catalogue/catalogue.table.ts');
  const [c] = await t.db.select({ id: copy.id }).from(copy).where(eq(copy.barcode, barcode));
  return c?.id;
}

describe('/user/integral: the reading record points will count from', () => {
  it('counts my loans, titles, returns on time and late, and what is overdue now', async () => {
    const rec = (await as(ann, `${O}/MyReadingRecord`)).json.data;
    expect(rec).toMatchObject({ loans: 3, titles: 3, returned: 2, returnedOnTime: 1, returnedLate: 1, open: 1 });
    expect(rec.overdueNow).toBe(1);
    expect(rec.years).toHaveLength(1);
    expect(rec.years[0]).toMatchObject({ loans: 3, returnedOnTime: 1 });
    expect((await as(bob, `${O}/MyReadingRecord`)).json.data).toMatchObject({ loans: 1, returned: 0, open: 1 });
    expect((await t.post(`${O}/MyReadingRecord`, {}, { token: null })).status).toBe(401);
  });
});

describe('loan history export', () => {
  it('downloads my whole history as xlsx, with none of another reader’s loans', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `${O}/ExportMyHistory`,
      headers: {
        authorization: `Bearer ${ann.token}`,
        schoolid: String(t.schoolId),
        'accept-language': 'en',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as any[]).slice(1);
    expect(header).toEqual(['Title', 'Author', 'Barcode', 'Borrowed', 'Due', 'Returned', 'Renewals', 'Days overdue']);
    const titles: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) titles.push(String(row.getCell(1).value));
    });
    expect(titles.sort()).toEqual(['三国演义', '水浒传', '西游记']);
    const anon = await t.post(`${O}/ExportMyHistory`, {}, { token: null });
    expect(anon.status).toBe(401);
  });
});

describe('a reader’s card at a kiosk (/userinfo of the guide screens)', () => {
  it('shows the scanned card’s loans, due dates, holds and overdue to the school’s kiosk, name masked', async () => {
    const token = await kioskToken();
    // Ann waits for 红楼梦, on loan to Bob.
    expect((await as(ann, `${O}/Reserve`, { recordId: books[3].id })).json.success).toBe(true);
    const card = await t.post(`${O}/KioskCard`, { cardNo: ann.account }, { token, schoolId: null });
    expect(card.json.success, card.json.msg).toBe(true);
    const d = card.json.data;
    expect(d.maskedName).toBe('王*明');
    expect(d.loans.map((l: any) => l.title)).toEqual(['三国演义']);
    expect(d.loans[0]).toMatchObject({ dueDate: '2020-02-10' });
    expect(d.loans[0].overdueDays).toBeGreaterThan(0);
    expect(d.overdue).toBe(1);
    expect(d.holds).toEqual([{ title: '红楼梦', state: 'waiting', holdUntil: null, queuePosition: 1 }]);
    // Nothing else of the reader: no account, full name, phone, e-mail, class or history.
    const text = JSON.stringify(d);
    expect(text).not.toContain(ann.account);
    expect(text).not.toContain('王小明');
    expect(text).not.toMatch(/phone|email|class|西游记/i);
    const unknown = await t.post(`${O}/KioskCard`, { cardNo: 'NO-SUCH-CARD' }, { token, schoolId: null });
    expect(unknown.json).toMatchObject({ success: false, errorCode: 'READER_NOT_FOUND' });
  });

  it('answers no one but a kiosk of the reader’s school', async () => {
    const anon = await t.post(`${O}/KioskCard`, { cardNo: ann.account }, { token: null, lang: 'en' });
    expect(anon.status).toBe(403);
    expect(anon.json.msg).toMatch(/kiosk registered to this school/);
    // A signed-in reader (even the card's owner) uses the personal area, not this.
    expect((await as(bob, `${O}/KioskCard`, { cardNo: ann.account })).status).toBe(403);
    expect((await t.post(`${O}/KioskCard`, { cardNo: ann.account })).status).toBe(403);
    // Another school's kiosk, even naming this school, finds no such reader in its own school.
    const other = await buildSchool(t.db);
    const theirs = await kioskToken(other);
    const there = await t.post(`${O}/KioskCard`, { cardNo: ann.account }, { token: theirs, schoolId: t.schoolId });
    expect(there.json.success).toBe(false);
    expect(JSON.stringify(there.json)).not.toContain('三国演义');
  });
});

describe('hidden records stay off public figures', () => {
  it('Statfile, the hot-books ranking and copies per location leave out what the resource rules hide', async () => {
    const before = (await t.post(`${S}/Statfile`, {}, { token: null })).json.data;
    const vault = await makeLocation(t.db, scope, '保密书库');
    const secret = await makeRecord(t.db, scope, { title: '内部教参' }, [{ ...vault }, { ...vault }]);
    await t.db
      .insert(resourceAuth)
      .values(scope.values({ locationId: vault.locationId, canView: false, canLend: true }));
    await lend(bob, secret.barcodes[0]);
    await lend(ann, secret.barcodes[1]);
    const after = (await t.post(`${S}/Statfile`, {}, { token: null })).json.data;
    expect(after.records).toBe(before.records);
    expect(after.newThisMonth).toBe(before.newThisMonth);
    expect(after.copies).toBe(before.copies);
    const hot = (await t.post('/micro/mobile/Charts/ItemBorrowRank', { period: 'year' }, { token: null })).json.data;
    expect(hot.List.map((r: any) => r.name)).not.toContain('内部教参');
    expect(hot.List.length).toBeGreaterThan(0);
    expect(hot.List[0].rank).toBe(1);
    const held = (await t.post(`${P}/Charts/GetLocationItemSta`, {}, { token: null })).json.data;
    expect(held.List.map((r: any) => r.name)).not.toContain('保密书库');
  });
});
