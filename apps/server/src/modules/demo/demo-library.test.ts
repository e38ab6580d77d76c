import { P } from '@shuyuan/contracts/common/paths';
import { describe, expect, it } from 'vitest';
import { ne } from 'drizzle-orm';
import { choosePassword, useTestApp } from '../../test/helper.ts';
import { signIn } from '../auth/oidc-test-client.ts';
import { appUser } from '../auth/user.table.ts';
import { DEMO_BOOKS } from './demo-library.data.ts';
import { DEMO_READER_PASSWORD } from './demo-library.seed.ts';

// The demo library is seeded into this file's app only (tests default to an empty demo school).
const t = useTestApp({ demoData: true });

const titles = (res: { json: any }) => res.json.data.List.map((r: { title: string }) => r.title);

describe('demo library (first start with demoData on)', () => {
  it('catalogue search finds the demo books by pinyin initials, with copies and call numbers', async () => {
    const res = await t.post(`${P}/Catalogue/SearchRecords`, { SearchKey: 'xyj' });
    expect(res.json.code).toBe(0);
    expect(titles(res)).toContain('西游记');
    const xyj = res.json.data.List.find((r: { title: string }) => r.title === '西游记');
    expect(xyj).toMatchObject({ author: '吴承恩', publisher: '人民文学出版社', classNo: 'I242.4' });
    expect(xyj.isbn).toMatch(/^97870\d{8}$/);
    const all = await t.post(`${P}/Catalogue/SearchRecords`, { Rows: 10 });
    expect(all.json.data.Total).toBe(DEMO_BOOKS.length);
    const copies = await t.post(`${P}/Literature/GetItemsCollection`, { recordId: xyj.id });
    expect(copies.json.data.Total).toBe(4);
    for (const c of copies.json.data.List) {
      expect(c.barcode).toMatch(/^\d{8}$/);
      expect(c.callNo).toMatch(/^I242\.4\/\d+/);
      expect(c.storeType).toBe(2);
    }
  });

  it('a reader borrows at the desk; the lost card and the expired reader are refused', async () => {
    const rec = (await t.post(`${P}/Catalogue/SearchRecords`, { SearchKey: '草房子' })).json.data.List[0];
    const copies = (await t.post(`${P}/Literature/GetItemsCollection`, { recordId: rec.id })).json.data.List;
    const free = copies.find((c: { circState: string }) => c.circState === 'available');
    expect(free).toBeTruthy();
    const ok = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: 'S2026031', barcode: free.barcode });
    expect(ok.json.code, JSON.stringify(ok.json)).toBe(0);
    expect(ok.json.data).toMatchObject({ title: '草房子', reader: { account: 'S2026031', name: '田浩宇' } });
    const other = copies.find((c: any) => c.circState === 'available' && c.barcode !== free.barcode);
    const lost = await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: 'S2026008', barcode: other.barcode });
    expect(lost.json.errorCode ?? lost.json.code).toBe('CARD_LOST');
    const expired = await t.post(`${P}/Circulation/LiteratureCirc`, {
      readerBarcode: 'T2026005',
      barcode: other.barcode,
    });
    expect(expired.json.errorCode ?? expired.json.code).toBe('READER_EXPIRED');
  });

  it('/no-return lists the overdue loans; the history keeps returned loans', async () => {
    const res = await t.post(`${P}/CircRecords/GetNoReturnList`, { state: 'overdue', Rows: 50 });
    expect(res.json.code).toBe(0);
    const rows = res.json.data.List as { title: string; account: string; overdueDays: number }[];
    expect(rows.map((r) => `${r.account} ${r.title}`).sort()).toEqual([
      'S2026003 西游记',
      'S2026010 草房子',
      'S2026021 海底两万里',
    ]);
    for (const r of rows) expect(r.overdueDays).toBeGreaterThan(0);
    const open = await t.post(`${P}/CircRecords/GetNoReturnList`, { Rows: 50 });
    expect(open.json.data.Total).toBeGreaterThan(10);
    const history = await t.post(`${P}/Circulation/GetBorrowHistory`, { readerBarcode: 'S2026001' });
    expect(history.json.data.List).toMatchObject([{ title: '西游记', state: 'returned' }]);
  });

  it('the reservation waits on the hold shelf for its reader; a suggestion is pending', async () => {
    const holds = await t.post(`${P}/Circulation/GetReaderHolds`, { readerBarcode: 'S2026017' });
    expect(holds.json.code, JSON.stringify(holds.json)).toBe(0);
    expect(JSON.stringify(holds.json.data)).toContain('时间简史');
    const list = await t.post(`${P}/Circulation/GetReservationList`, { state: 'ready' });
    expect(list.json.data.List).toHaveLength(1);
    expect(list.json.data.List[0]).toMatchObject({ title: '时间简史' });
    const recs = await t.post(`${P}/Circulation/GetRecommendationList`, {});
    expect(JSON.stringify(recs.json.data)).toContain('神奇校车');
  });

  it('every demo reader shares the published password and must change it at the first sign-in', async () => {
    const readers = await t.db.select().from(appUser).where(ne(appUser.identity, 'staff'));
    expect(readers).toHaveLength(41);
    expect(readers.every((r) => r.mustChangePassword)).toBe(true);
    const { tokens } = await signIn(t, 'S2026001', DEMO_READER_PASSWORD);
    const refused = await t.post(`${P}/Opac/MyLoans`, {}, { token: tokens.access_token });
    expect(refused.json.errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    const token = await choosePassword(t, tokens.access_token, DEMO_READER_PASSWORD);
    expect((await t.post(`${P}/Opac/MyLoans`, { Page: 1, Rows: 10 }, { token })).json.code).toBe(0);
  });
});
