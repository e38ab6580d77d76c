import { loan } from '../circulation/circulation.table.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';
import { readerCardUsable } from './reader.values.ts';

const R = `${P}/Readers`;
const t = useTestApp();

async function makeClass(schoolId: number, gradeName: string, className: string) {
  const [g] = await t.db.insert(grade).values({ schoolId, name: gradeName }).returning();
  const [c] = await t.db.insert(schoolClass).values({ schoolId, gradeId: g.id, name: className }).returning();
  return { gradeId: g.id, classId: c.id };
}

describe('readers', () => {
  it('adds, lists with filters, edits and deletes a reader', async () => {
    const { gradeId, classId } = await makeClass(t.schoolId, '测试年级A', '1班');
    const add = await t.post(`${R}/AddReader`, {
      account: 'R1001',
      name: '张小明',
      identity: 'student',
      phone: '13812345678',
      email: 'ming@example.com',
      classId,
    });
    expect(add.json.code).toBe(0);
    const id = add.json.data.id;
    const got = (await t.post(`${R}/GetReader`, { id })).json.data;
    expect(got).toMatchObject({ account: 'R1001', className: '1班', gradeName: '测试年级A', deposit: 0 });
    expect(got.processedAt).toBeTruthy();

    const byGrade = (await t.post(`${R}/GetReaderList`, { gradeId })).json.data;
    expect(byGrade.List.map((r: any) => r.account)).toEqual(['R1001']);
    const byPhone = (await t.post(`${R}/GetReaderList`, { SearchKey: '1381234' })).json.data;
    expect(byPhone.List.map((r: any) => r.account)).toEqual(['R1001']);
    const teachers = (await t.post(`${R}/GetReaderList`, { identity: 'teacher', SearchKey: 'R1001' })).json.data;
    expect(teachers.Total).toBe(0);
    // Staff share app_user but are not readers.
    const staff = (await t.post(`${R}/GetReaderList`, { SearchKey: 'admin' })).json.data;
    expect(staff.List.every((r: any) => r.identity !== 'staff')).toBe(true);

    const upd = await t.post(`${R}/UpdateReader`, { ...got, id, name: '张晓明', phone: '' });
    expect(upd.json.code).toBe(0);
    expect((await t.post(`${R}/GetReader`, { id })).json.data).toMatchObject({ name: '张晓明', phone: null });

    const dup = await t.post(`${R}/AddReader`, { account: 'R1001', name: 'x' }, { lang: 'en' });
    expect(dup.json.errorCode).toBe('DUPLICATE');
    expect(dup.json.issues[0]).toEqual({ path: 'account', message: 'Reader barcode already exists' });

    expect((await t.post(`${R}/DeleteReader`, { ids: [id] })).json.code).toBe(0);
    expect((await t.post(`${R}/GetReader`, { id })).json.code).not.toBe(0);
  });

  it('never changes the deposit from the reader form: only ledger movements do', async () => {
    const add = await t.post(`${R}/AddReader`, { account: 'R1101', name: '押金', deposit: 80 });
    expect(add.json.code).toBe(0);
    const id = add.json.data.id;
    // A form cannot create money out of nothing: a new reader holds no deposit until one is collected.
    expect(add.json.data.deposit).toBe(0);
    const valid = `${new Date().getFullYear() + 1}-07-31`;
    await t.post(`${R}/IssueCard`, { id, validUntil: valid, deposit: 50 });
    const stale = (await t.post(`${R}/GetReader`, { id })).json.data;
    await t.post(`${R}/RefundDeposit`, { id, amount: 20 });
    // An old form (still showing 50) and a form without the field both leave the 30 yuan as it is.
    expect((await t.post(`${R}/UpdateReader`, { ...stale, name: '押金2' })).json.code).toBe(0);
    const { deposit: _omit, ...noDeposit } = stale;
    expect((await t.post(`${R}/UpdateReader`, { ...noDeposit, name: '押金2' })).json.code).toBe(0);
    const after = (await t.post(`${R}/GetReader`, { id })).json.data;
    expect(after).toMatchObject({ name: '押金2', deposit: 30 });
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, id));
    expect(row.deposit).toBe(3000);
  });

  it('keeps a card RFID to one reader of the school on add, edit and re-issue', async () => {
    const a = (await t.post(`${R}/AddReader`, { account: 'R1201', name: '甲', cardRfid: 'RF-1' })).json.data;
    const b = (await t.post(`${R}/AddReader`, { account: 'R1202', name: '乙', cardRfid: 'RF-2' })).json.data;
    const dupAdd = await t.post(`${R}/AddReader`, { account: 'R1203', name: '丙', cardRfid: 'RF-1' }, { lang: 'en' });
    expect(dupAdd.json.errorCode).toBe('DUPLICATE');
    expect(dupAdd.json.issues).toEqual([{ path: 'cardRfid', message: 'Card RFID already exists' }]);
    const dupEdit = await t.post(`${R}/UpdateReader`, { ...b, cardRfid: 'RF-1' }, { lang: 'en' });
    expect(dupEdit.json.issues).toEqual([{ path: 'cardRfid', message: 'Card RFID already exists' }]);
    // Keeping one's own RFID, or having none, is fine (several readers without a card).
    expect((await t.post(`${R}/UpdateReader`, { ...a, name: '甲2' })).json.code).toBe(0);
    expect((await t.post(`${R}/AddReader`, { account: 'R1204', name: '丁', cardRfid: '' })).json.code).toBe(0);
    expect((await t.post(`${R}/AddReader`, { account: 'R1205', name: '戊' })).json.code).toBe(0);
    for (const url of [`${R}/ReissueCard`, `${P}/Loss/ReissueCard`]) {
      const re = await t.post(url, { id: b.id, cardRfid: 'RF-1' }, { lang: 'en' });
      expect(re.json.errorCode, url).toBe('VALIDATION');
      expect(re.json.issues[0]).toEqual({
        path: 'cardRfid',
        message: 'This RFID card is already bound to 甲2 (R1201)',
      });
    }
    const [rowB] = await t.db.select().from(appUser).where(eq(appUser.id, b.id));
    expect(rowB.cardRfid).toBe('RF-2');
    // One scan must name one reader: an RFID that is another reader's barcode (or the reverse) is refused.
    const asBarcode = await t.post(
      `${R}/AddReader`,
      { account: 'R1206', name: '己', cardRfid: 'r1201' },
      { lang: 'en' },
    );
    expect(asBarcode.json.issues).toEqual([
      { path: 'cardRfid', message: "This RFID is another reader's barcode: 甲2 (R1201)" },
    ]);
    const asRfid = await t.post(`${R}/AddReader`, { account: 'RF-2', name: '庚' }, { lang: 'en' });
    expect(asRfid.json.issues).toEqual([
      { path: 'account', message: "This barcode is another reader's card RFID: 乙 (R1202)" },
    ]);
    const reissued = await t.post(`${R}/ReissueCard`, { id: b.id, cardRfid: 'R1201' }, { lang: 'en' });
    expect(reissued.json.issues[0].path).toBe('cardRfid');
    // Another school may use the same RFID.
    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, { permissions: ['department.user-transfer:add'] });
    const theirs = await t.post(
      `${R}/AddReader`,
      { account: 'X1', name: '他校', cardRfid: 'RF-1' },
      { token: them.token, schoolId: other },
    );
    expect(theirs.json.code).toBe(0);
  });

  it('gives a new reader the default permission group of their identity', async () => {
    const group = async (name: string, identity: string, isDefault: boolean) =>
      (await t.db.insert(permissionGroup).values({ schoolId: t.schoolId, name, identity, isDefault }).returning())[0];
    // One default per identity (the group screen clears the others): the seeded defaults step aside.
    await t.db.update(permissionGroup).set({ isDefault: false }).where(eq(permissionGroup.schoolId, t.schoolId));
    await group('学生普通', 'student', false);
    const studentDefault = await group('学生默认', 'student', true);
    const teacherDefault = await group('教师默认', 'teacher', true);
    const special = await group('特借', 'student', false);
    const add = async (account: string, body: Record<string, unknown>) =>
      (await t.post(`${R}/AddReader`, { account, name: account, ...body })).json.data;
    expect((await add('G1', { identity: 'student' })).permissionGroupName).toBe('学生默认');
    expect((await add('G2', { identity: 'teacher' })).permissionGroupId).toBe(teacherDefault.id);
    // A chosen group is kept; an identity without a default group gets none.
    expect((await add('G3', { identity: 'student', permissionGroupId: special.id })).permissionGroupId).toBe(
      special.id,
    );
    expect((await add('G4', { identity: 'parent' })).permissionGroupId).toBeNull();
    // Editing never swaps the group back.
    const g3 = await add('G5', { identity: 'student' });
    expect(g3.permissionGroupId).toBe(studentDefault.id);
    const edited = await t.post(`${R}/UpdateReader`, { ...g3, permissionGroupId: special.id });
    expect(edited.json.data.permissionGroupId).toBe(special.id);
  });

  it('checks the phone pattern when given, in Chinese and English; the barcode is required', async () => {
    const zh = await t.post(`${R}/AddReader`, { account: 'R2001', name: 'a', phone: '12345' }, { lang: 'zh' });
    expect(zh.json.issues).toContainEqual({ path: 'phone', message: '请填写正确的手机号码' });
    const en = await t.post(`${R}/AddReader`, { account: '', name: 'a', phone: '1381234567' }, { lang: 'en' });
    expect(en.json.issues).toContainEqual({ path: 'phone', message: 'Please fill in the correct phone number' });
    expect(en.json.issues).toContainEqual({ path: 'account', message: 'Please fill in the reader barcode' });
    const mail = await t.post(`${R}/AddReader`, { account: 'R2002', name: 'a', email: 'nope' }, { lang: 'en' });
    expect(mail.json.issues).toContainEqual({ path: 'email', message: 'Please fill in a correct e-mail address' });
    const none = await t.post(`${R}/AddReader`, { account: 'R2003', name: 'a', identity: 'teacher' });
    expect(none.json.code).toBe(0);
  });

  it('reports a card lost and re-issues it', async () => {
    const id = (await t.post(`${R}/AddReader`, { account: 'R3001', name: 'b', cardRfid: 'OLD' })).json.data.id;
    const before = (await t.post(`${R}/GetReader`, { id })).json.data;
    const lost = await t.post(`${R}/ReportCardLost`, { id });
    expect(lost.json.data.cardLost).toBe(true);
    // One rule on both card screens: a repeat report is refused.
    expect((await t.post(`${R}/ReportCardLost`, { id })).json.errorCode).toBe('CARD_STATE');
    expect((await t.post(`${P}/Loss/ReportCardLost`, { id })).json.errorCode).toBe('CARD_STATE');
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, id));
    expect(readerCardUsable(row)).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    const re = (await t.post(`${R}/ReissueCard`, { id, cardRfid: 'NEW' })).json.data;
    expect(re).toMatchObject({ cardLost: false, cardRfid: 'NEW' });
    expect(new Date(re.processedAt).getTime()).toBeGreaterThan(new Date(before.processedAt).getTime());
  });

  it('keeps schools apart and checks permissions', async () => {
    const other = await buildSchool(t.db);
    const them = await buildUser(t.db, other, {
      permissions: ['department.user-transfer', 'department.user-transfer:add'],
    });
    const mine = (await t.post(`${R}/AddReader`, { account: 'R4001', name: 'c' })).json.data.id;
    const theirs = await t.post(
      `${R}/AddReader`,
      { account: 'R4001', name: 'd' },
      { token: them.token, schoolId: other },
    );
    expect(theirs.json.code).toBe(0);
    const list = (await t.post(`${R}/GetReaderList`, {}, { token: them.token, schoolId: other })).json.data;
    expect(list.List.map((r: any) => r.account)).toEqual(['R4001']);
    expect(list.List[0].id).not.toBe(mine);
    const peek = await t.post(`${R}/GetReader`, { id: mine }, { token: them.token, schoolId: other });
    expect(peek.json.code).not.toBe(0);
    const noCards = await t.post(`${R}/ReportCardLost`, { id: mine }, { token: them.token, schoolId: other });
    expect(noCards.status).toBe(403);
    const del = await t.post(`${R}/DeleteReader`, { ids: [mine] }, { token: them.token, schoolId: other });
    expect(del.status).toBe(403);
  });

  it('refuses to delete a reader with an open loan', async () => {
    const id = (await t.post(`${R}/AddReader`, { account: 'R5001', name: 'e' })).json.data.id;
    await t.db.insert(loan).values({ schoolId: t.schoolId, copyId: 1, recordId: 1, userId: id, dueDate: '2026-12-31' });
    const r = await t.post(`${R}/DeleteReader`, { ids: [id] }, { lang: 'en' });
    expect(r.json).toMatchObject({ errorCode: 'IN_USE', msg: 'A reader with books still on loan cannot be deleted' });
    await t.db.update(loan).set({ returnedAt: new Date() }).where(eq(loan.userId, id));
    expect((await t.post(`${R}/DeleteReader`, { ids: [id] })).json.code).toBe(0);
  });
});
