import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';

const t = useTestApp();
const C = `${P}/Circulation`;

describe('purchase suggestions', () => {
  it('validates a suggestion in the caller’s language', async () => {
    const zh = await t.post(`${C}/AddRecommendation`, { title: ' ', isbn: '12345' }, { lang: 'zh' });
    expect(zh.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: '请填写书名' },
        { path: 'isbn', message: 'ISBN 格式不正确' },
      ]),
    );
    const en = await t.post(`${C}/AddRecommendation`, { title: '' });
    expect(en.json.issues[0]).toEqual({ path: 'title', message: 'Please enter the title' });
  });

  it('records a reader’s suggestion, handles it as found with the record, then refuses to cancel it', async () => {
    const scope = new Scope(t.schoolId);
    const r = await makeReader(t.db, scope, { name: '李老师', identity: 'teacher' });
    const add = await t.post(`${C}/AddRecommendation`, {
      readerBarcode: r.account,
      title: '三体',
      author: '刘慈欣',
      isbn: '978-7-5366-9293-0',
      reason: '学生很喜欢',
    });
    expect(add.json.data.state).toBe('pending');
    const [b] = await makeCopies(t.db, scope, 1);
    const [{ recordId }] = await t.db.select({ recordId: copy.recordId }).from(copy).where(eq(copy.barcode, b));
    // The library bought it: its record carries the ISBN, so "found" links it without naming it.
    await t.db.update(catalogueRecord).set({ isbn: '978-7-5366-9293-0' }).where(eq(catalogueRecord.id, recordId));
    const handled = await t.post(`${C}/HandleRecommendation`, {
      id: add.json.data.id,
      result: 'found',
      note: '已采购',
    });
    expect(handled.json.data.state).toBe('found');
    const got = await t.post(`${C}/GetRecommendation`, { id: add.json.data.id });
    expect(got.json.data).toMatchObject({
      readerName: '李老师',
      isbn: '9787536692930',
      state: 'found',
      recordId,
      note: '已采购',
      handledByName: expect.any(String),
    });
    const cancel = await t.post(`${C}/CancelRecommendation`, { id: add.json.data.id }, { lang: 'zh' });
    expect(cancel.json).toMatchObject({ errorCode: 'REC_STATE', msg: '该荐购已处理' });
    const list = await t.post(`${C}/GetRecommendationList`, { state: 'found', SearchKey: '三体' });
    expect(list.json.data.Total).toBe(1);
  });

  it('marks not found, then cancels; a reader without the handle permission suggests only for themself', async () => {
    const reader = await buildUser(t.db, t.schoolId, { identity: 'student', permissions: [] });
    const other = await makeReader(t.db, new Scope(t.schoolId));
    const add = await t.post(
      `${C}/AddRecommendation`,
      { title: 'Charlotte’s Web', readerBarcode: other.account },
      { token: reader.token },
    );
    const id = add.json.data.id;
    const got = await t.post(`${C}/GetRecommendation`, { id });
    expect(got.json.data.readerAccount).toBe(reader.account);
    expect((await t.post(`${C}/HandleRecommendation`, { id, result: 'not_found' })).json.data.state).toBe('not_found');
    expect((await t.post(`${C}/CancelRecommendation`, { id, note: 'out of print' })).json.data.state).toBe('cancelled');
    expect((await t.post(`${C}/HandleRecommendation`, { id, result: 'found' })).json.errorCode).toBe('REC_STATE');
    // Permissions and isolation.
    expect((await t.post(`${C}/GetRecommendationList`, {}, { token: reader.token })).status).toBe(403);
    expect((await t.post(`${C}/HandleRecommendation`, { id, result: 'found' }, { token: reader.token })).status).toBe(
      403,
    );
    const school2 = await buildSchool(t.db);
    const them = await buildUser(t.db, school2, { permissions: ['recommendation', 'recommendation:handle'] });
    const theirs = await t.post(`${C}/GetRecommendation`, { id }, { token: them.token, schoolId: school2 });
    expect(theirs.json.errorCode).toBe('NOT_FOUND');
    const list = await t.post(`${C}/GetRecommendationList`, {}, { token: them.token, schoolId: school2 });
    expect(list.json.data.Total).toBe(0);
  });
});
