import { P } from '@shuyuan/contracts/common/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildUser, useTestApp } from '../../test/helper.ts';
import { studentParent } from '../circ-records/circ-records.table.ts';
import { resourceAuth } from '../holdings/holdings.table.ts';
import { lossRecord } from '../losses/loss.table.ts';
import { makeLocation, makeRecord } from './test-fixtures.ts';

const t = useTestApp();
const O = `${P}/Opac`;
let scope: Scope;
type Reader = Awaited<ReturnType<typeof buildUser>>;
let ann: Reader;
let bob: Reader;
let parent: Reader;
const as = (who: Reader, url: string, body: unknown = {}, lang: 'zh' | 'en' = 'en') =>
  t.post(url, body, { token: who.token, lang });
const lend = (who: Reader, barcode: string) =>
  t.post(`${P}/Circulation/LiteratureCirc`, { readerBarcode: who.account, barcode });

let books: { id: number; barcodes: string[] }[];

beforeAll(async () => {
  scope = new Scope(t.schoolId);
  ann = await buildUser(t.db, t.schoolId, { identity: 'student' });
  bob = await buildUser(t.db, t.schoolId, { identity: 'student' });
  parent = await buildUser(t.db, t.schoolId, { identity: 'parent' });
  await t.db.insert(studentParent).values(scope.values({ studentId: ann.id, parentId: parent.id, relation: 'mother' }));
  const hall = await makeLocation(t.db, scope, '借阅室');
  books = [];
  for (const title of ['西游记', '水浒传', '三国演义'])
    books.push(await makeRecord(t.db, scope, { title }, [{ ...hall }]));
  expect((await lend(ann, books[0].barcodes[0])).json.success).toBe(true);
  expect((await lend(ann, books[1].barcodes[0])).json.success).toBe(true);
  expect((await lend(bob, books[2].barcodes[0])).json.success).toBe(true);
});

describe('personal area: a reader sees and changes only their own', () => {
  it('lists my loans with due dates, not anyone else’s; anonymous callers must sign in', async () => {
    const mine = (await as(ann, `${O}/MyLoans`)).json.data;
    expect(mine.List.map((l: any) => l.title).sort()).toEqual(['水浒传', '西游记']);
    expect(mine.List[0]).toMatchObject({ overdueDays: 0, renewals: 0 });
    expect(mine.List[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await as(bob, `${O}/MyLoans`)).json.data.List.map((l: any) => l.title)).toEqual(['三国演义']);
    expect((await t.post(`${O}/MyLoans`, {}, { token: null })).status).toBe(401);
  });

  it('renews under the school rules and says why a renewal is refused', async () => {
    const [loan] = (await as(ann, `${O}/MyLoans`)).json.data.List;
    const ok = await as(ann, `${O}/Renew`, { loanId: loan.loanId });
    expect(ok.json.success).toBe(true);
    expect(ok.json.data.dueDate > loan.dueDate).toBe(true);
    const again = await as(ann, `${O}/Renew`, { loanId: loan.loanId }, 'zh');
    expect(again.json).toMatchObject({ success: false, errorCode: 'RENEW_LIMIT' });
    expect(again.json.msg).toMatch(/续借/);
    const bobs = (await as(bob, `${O}/MyLoans`)).json.data.List[0];
    expect((await as(ann, `${O}/Renew`, { loanId: bobs.loanId })).json.errorCode).toBe('LOAN_NOT_YOURS');

    const all = (await as(ann, `${O}/RenewAll`)).json.data;
    expect(all).toHaveLength(2);
    expect(all.find((x: any) => x.loanId === loan.loanId)).toMatchObject({ ok: false, errorCode: 'RENEW_LIMIT' });
    expect(all.find((x: any) => x.loanId !== loan.loanId)).toMatchObject({ ok: true });
  });

  it('reserves from the record page, shows the queue, cancels only my own', async () => {
    // 三国演义 is on loan to Bob: Ann waits first in the queue.
    const r = await as(ann, `${O}/Reserve`, { recordId: books[2].id });
    expect(r.json.data).toMatchObject({ state: 'waiting', queuePosition: 1 });
    const list = (await as(ann, `${O}/MyReservations`)).json.data;
    expect(list[0]).toMatchObject({ title: '三国演义', state: 'waiting', queuePosition: 1 });
    expect((await as(bob, `${O}/MyReservations`)).json.data).toEqual([]);
    // Someone waits: Bob's renewal is refused with the reason.
    const bobs = (await as(bob, `${O}/MyLoans`)).json.data.List[0];
    expect((await as(bob, `${O}/Renew`, { loanId: bobs.loanId })).json.errorCode).toBe('RESERVATION_WAITING');
    expect((await as(bob, `${O}/CancelReservation`, { id: r.json.data.id })).json.errorCode).toBe(
      'RESERVATION_NOT_YOURS',
    );
    const cancelled = await as(ann, `${O}/CancelReservation`, { id: r.json.data.id });
    expect(cancelled.json.data).toMatchObject({ state: 'cancelled' });

    // A title the resource rules hide from the public cannot be reserved from the public site.
    const closed = await makeLocation(t.db, scope, '教师资料室');
    const hidden = await makeRecord(t.db, scope, { title: '教参' }, [{ ...closed }]);
    await t.db.insert(resourceAuth).values(scope.values({ locationId: closed.locationId, canView: false }));
    expect((await as(ann, `${O}/Reserve`, { recordId: hidden.id })).json.errorCode).toBe('NOT_FOUND');
  });

  it('keeps my loan history, my suggestions, my bill and my reading timeline', async () => {
    await t.post(`${P}/Circulation/LiteratureReturn`, { barcode: books[0].barcodes[0] });
    const history = (await as(ann, `${O}/MyHistory`)).json.data;
    expect(history.Total).toBe(2);
    expect(history.List.find((l: any) => l.title === '西游记')).toMatchObject({ state: 'returned' });
    expect(JSON.stringify(history)).not.toContain(bob.account);

    await as(ann, `${P}/Circulation/AddRecommendation`, { title: '哈利·波特与魔法石', reason: '同学推荐' });
    expect((await as(ann, `${O}/MySuggestions`)).json.data.List).toMatchObject([
      { title: '哈利·波特与魔法石', state: 'pending' },
    ]);
    expect((await as(bob, `${O}/MySuggestions`)).json.data.Total).toBe(0);

    await t.db.insert(lossRecord).values(
      scope.values({
        orderNo: 'PC0001',
        copyId: 1,
        recordId: books[1].id,
        barcode: books[1].barcodes[0],
        title: '水浒传',
        readerId: ann.id,
        previousState: 'borrowed',
        previousStore: 2,
        compensationFen: 3550,
      }),
    );
    const bill = (await t.get('/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance', {}, { token: ann.token }))
      .json.data;
    expect(bill).toMatchObject({ account: ann.account, deposit: '0.00', owed: '35.50' });
    expect(bill.compensations[0]).toMatchObject({ title: '水浒传', amount: '35.50', state: 'not_compensated' });
    const bobBill = (
      await t.get('/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance', {}, { token: bob.token })
    ).json.data;
    expect(bobBill.compensations).toEqual([]);

    const line = (await t.get('/micro/basic/open/readingRecord/line', {}, { token: ann.token })).json.data;
    expect(line[0].items.map((i: any) => i.title).sort()).toEqual(['水浒传', '西游记']);
  });

  it('lets a parent follow a linked child and nobody else', async () => {
    expect((await as(parent, `${O}/MyChildren`)).json.data).toEqual([
      { id: ann.id, account: ann.account, name: `User ${ann.account}`, relation: 'mother' },
    ]);
    const line = await t.get('/micro/basic/open/readingRecord/line', { childId: ann.id }, { token: parent.token });
    expect(line.json.data[0].items.length).toBe(2);
    const other = await t.get(
      '/micro/basic/open/readingRecord/line',
      { childId: bob.id },
      { token: parent.token, lang: 'zh' },
    );
    expect(other.json).toMatchObject({ errorCode: 'NOT_YOUR_CHILD', msg: '只能查看与您关联的孩子' });
    const kin = (await as(parent, `${P}/Circulation/GetKinBorrowing`, {})).json.data;
    expect(kin.List.map((l: any) => l.account)).toEqual([ann.account]);
    // Bob (not linked) asks for Ann's timeline: refused.
    expect(
      (await t.get('/micro/basic/open/readingRecord/line', { childId: ann.id }, { token: bob.token })).json.errorCode,
    ).toBe('NOT_YOUR_CHILD');
  });

  it('stores my e-mail for reminders, checked', async () => {
    const bad = await as(ann, `${O}/UpdateMyProfile`, { email: 'not-mail' }, 'zh');
    expect(bad.json.issues).toEqual([{ path: 'email', message: '请填写正确的邮箱地址' }]);
    expect((await as(ann, `${O}/UpdateMyProfile`, { email: 'ann@example.com' })).json.success).toBe(true);
    expect((await as(ann, `${P}/Readers/GetReadersInfo`)).json.data.email).toBe('ann@example.com');
  });
});
