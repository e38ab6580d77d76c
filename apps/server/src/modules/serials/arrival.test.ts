import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { P } from '@shuyuan/contracts/common/paths';
import { DEFAULT_BOOK_BARCODE_RULE, validateBarcode } from '@shuyuan/contracts/printing/barcode';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { Scope } from '../../platform/tenancy.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { makeReader } from '../circulation/test-fixtures.ts';
import { getBarcodeRule } from '../printing/barcode-rules.service.ts';
import { serialFixture } from './arrival.test-fixtures.ts';
import { buildCoverBarcode } from './cover-barcode.ts';
import { serialIssue, serialIssueCopy } from './serials.table.ts';

const t = useTestApp();
const M = `${P}/Serials/Magazine`;
const N = `${P}/Serials/Newspaper`;

const scan = (barcode: string, lang: 'zh' | 'en' = 'en', url = M) => t.post(`${url}/ScanCover`, { barcode }, { lang });
const checkIn = (issueId: number, copies: number, opts = {}) => t.post(`${M}/CheckIn`, { issueId, copies }, opts);

describe('scanning a cover', () => {
  it('finds the title by ISSN and the issue the add-on names', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const res = await scan(buildCoverBarcode(f.issn, '00', '03'));
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    expect(res.json.data).toMatchObject({
      titleId: f.titleId,
      issn: f.issn,
      addOn: '03',
      issue: { id: f.issues[3], issueNo: 3, state: 'expected', orderedCopies: 3, late: true },
    });
    // The add-on separated by a space, as some scanners send it.
    const spaced = await scan(`${buildCoverBarcode(f.issn)} 05`);
    expect(spaced.json.data.issue.id).toBe(f.issues[5]);
  });

  it('without an add-on, or from a typed ISSN, offers the earliest issue still expected', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    expect((await scan(buildCoverBarcode(f.issn))).json.data.issue.id).toBe(f.issues[1]);
    expect((await scan(f.issn)).json.data.issue.id).toBe(f.issues[1]);
  });

  it('says what is wrong with a wrong or unknown barcode, in Chinese and English', async () => {
    const bad = await scan('9770264359009');
    expect(bad.json).toMatchObject({ success: false, errorCode: 'SERIAL_BARCODE_INVALID' });
    expect(bad.json.msg).toContain('check digit');
    expect((await scan('9770264359009', 'zh')).json.msg).toContain('校验位不符');
    expect((await scan('9787020002207')).json.msg).toContain('book ISBN');
    expect((await scan('12345')).json.msg).toContain('wrong length');
    const unknown = await scan('9770264359008', 'zh');
    expect(unknown.json).toMatchObject({ success: false, errorCode: 'SERIAL_TITLE_UNKNOWN' });
    expect(unknown.json.msg).toBe('期刊库中没有ISSN为0264-3596的期刊，请先在期刊库中添加');
  });

  it('sends a newspaper to the newspaper screen', async () => {
    const f = await serialFixture(t.db, t.schoolId, { kind: 'newspaper' });
    const res = await scan(buildCoverBarcode(f.issn, '00', '02'));
    expect(res.json).toMatchObject({ success: false, errorCode: 'SERIAL_OTHER_KIND' });
    expect(res.json.msg).toContain('newspaper check-in screen');
    expect((await scan(buildCoverBarcode(f.issn, '00', '02'), 'en', N)).json.data.issue.id).toBe(f.issues[2]);
  });
});

describe('checking an issue in', () => {
  it('creates the copies with barcodes of the school rule, linked to the issue and lendable at the desk', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const res = await checkIn(f.issues[3], 3);
    expect(res.json.success, JSON.stringify(res.json)).toBe(true);
    const { issue, barcodes } = res.json.data;
    expect(issue).toMatchObject({ id: f.issues[3], state: 'arrived', arrivedCopies: 3, late: false });
    expect(barcodes).toHaveLength(3);
    expect(new Set(barcodes).size).toBe(3);
    const rule = (await getBarcodeRule(t.db, new Scope(t.schoolId))) ?? DEFAULT_BOOK_BARCODE_RULE;
    for (const b of barcodes) expect(validateBarcode(b, rule).ok, b).toBe(true);

    const copies = await t.db.select().from(copy).where(inArray(copy.barcode, barcodes));
    expect(copies.map((c) => c.recordId)).toEqual([f.recordId, f.recordId, f.recordId]);
    expect(copies.every((c) => c.storeType === StoreType.CIRCULATION && c.unitPriceFen === 1200)).toBe(true);
    expect(copies[0].callNo).toContain(`${f.year}-3`);
    const links = await t.db.select().from(serialIssueCopy).where(eq(serialIssueCopy.issueId, f.issues[3]));
    expect(links).toHaveLength(3);
    expect(links.every((l) => l.locationId === null)).toBe(true);

    const reader = await makeReader(t.db, new Scope(t.schoolId));
    const lent = await t.post(`${P}/Circulation/LiteratureCirc`, {
      readerBarcode: reader.account,
      barcode: barcodes[0],
    });
    expect(lent.json.success, JSON.stringify(lent.json)).toBe(true);
  });

  it('checks in at two desks at once, each copy with its own barcode', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const [a, b] = await Promise.all([checkIn(f.issues[5], 2), checkIn(f.issues[6], 2)]);
    expect(a.json.success, JSON.stringify(a.json)).toBe(true);
    expect(b.json.success, JSON.stringify(b.json)).toBe(true);
    expect(new Set([...a.json.data.barcodes, ...b.json.data.barcodes]).size).toBe(4);
  });

  it('refuses an issue that arrived already, by scan and by check-in', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    await checkIn(f.issues[2], 2);
    const again = await checkIn(f.issues[2], 2);
    expect(again.json).toMatchObject({ success: false, errorCode: 'SERIAL_ISSUE_ARRIVED' });
    expect(again.json.msg).toMatch(/no\. 2 \(whole no\. 102\) already arrived on \d{4}-\d{2}-\d{2} \(2 copies\)/);
    const scanned = await scan(buildCoverBarcode(f.issn, '00', '02'), 'zh');
    expect(scanned.json.errorCode).toBe('SERIAL_ISSUE_ARRIVED');
    expect(scanned.json.msg).toContain('第2期 (总第102期)已于');
    const links = await t.db.select().from(serialIssueCopy).where(eq(serialIssueCopy.issueId, f.issues[2]));
    expect(links).toHaveLength(2);
  });

  it('checks in an irregular title by hand, the issue number typed', async () => {
    const f = await serialFixture(t.db, t.schoolId, { frequency: 'irregular' });
    await t.db.delete(serialIssue).where(eq(serialIssue.subscriptionId, f.subscriptionId));
    const scanned = await scan(buildCoverBarcode(f.issn, '00', '07'));
    expect(scanned.json.data).toMatchObject({ titleId: f.titleId, issue: null, hintIssueNo: 7, year: f.year });
    const body = { titleId: f.titleId, year: f.year, issueNo: 7, copies: 1 };
    const res = await t.post(`${M}/CheckInByHand`, body);
    expect(res.json.data.issue).toMatchObject({ issueNo: 7, state: 'arrived', arrivedCopies: 1 });
    expect((await t.post(`${M}/CheckInByHand`, body)).json.errorCode).toBe('SERIAL_ISSUE_ARRIVED');
    const other = await t.post(`${M}/CheckInByHand`, { ...body, year: f.year + 5 });
    expect(other.json.msg).toContain(`is not ordered for ${f.year + 5}`);
  });

  it('undoes a check-in while its copies are unused, not once one is lent', async () => {
    const f = await serialFixture(t.db, t.schoolId);
    const { barcodes } = (await checkIn(f.issues[1], 2)).json.data;
    expect((await t.post(`${M}/UndoCheckIn`, { issueId: f.issues[1] })).json.success).toBe(true);
    expect(await t.db.select().from(copy).where(inArray(copy.barcode, barcodes))).toEqual([]);
    const [i] = await t.db.select().from(serialIssue).where(eq(serialIssue.id, f.issues[1]));
    expect(i).toMatchObject({ state: 'expected', arrivedCopies: 0 });

    const second = (await checkIn(f.issues[1], 1)).json.data.barcodes;
    const reader = await makeReader(t.db, new Scope(t.schoolId));
    await t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: reader.account, barcode: second[0] });
    const refused = await t.post(`${M}/UndoCheckIn`, { issueId: f.issues[1] });
    expect(refused.json).toMatchObject({ success: false, errorCode: 'SERIAL_COPIES_IN_USE' });
  });
});

describe('permissions and schools', () => {
  let f: Awaited<ReturnType<typeof serialFixture>>;
  beforeAll(async () => {
    f = await serialFixture(t.db, t.schoolId);
  });

  it('checks in only with the check-in permission of that kind', async () => {
    const viewer = await buildUser(t.db, t.schoolId, { permissions: ['magazine'] });
    expect((await scan(buildCoverBarcode(f.issn, '00', '04'))).json.success).toBe(true);
    expect((await checkIn(f.issues[4], 1, { token: viewer.token })).status).toBe(403);
    const papers = await buildUser(t.db, t.schoolId, { permissions: ['magazine-two', 'magazine-two:checkin'] });
    expect((await checkIn(f.issues[4], 1, { token: papers.token })).status).toBe(403);
    // The newspaper route does not reach a magazine's issue.
    const viaPapers = await t.post(`${N}/CheckIn`, { issueId: f.issues[4], copies: 1 }, { token: papers.token });
    expect(viaPapers.json.errorCode).toBe('NOT_FOUND');
  });

  it("never reaches another school's titles or issues", async () => {
    const other = await buildSchool(t.db);
    const admin = await buildUser(t.db, other, { permissions: ['magazine', 'magazine:checkin', 'magazine:delete'] });
    const opts = { token: admin.token, schoolId: other };
    expect((await t.post(`${M}/ScanCover`, { barcode: f.issn }, opts)).json.errorCode).toBe('SERIAL_TITLE_UNKNOWN');
    expect((await checkIn(f.issues[5], 1, opts)).json.errorCode).toBe('NOT_FOUND');
    expect((await t.post(`${M}/GetIssues`, {}, opts)).json.data.Total).toBe(0);
    const [i] = await t.db.select().from(serialIssue).where(eq(serialIssue.id, f.issues[5]));
    expect(i.state).toBe('expected');
  });
});
