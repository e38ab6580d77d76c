import { P } from '@shuyuan/contracts/common/paths';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Scope } from '../../platform/tenancy.ts';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';
import { copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { makeCopies, makeReader } from '../circulation/test-fixtures.ts';
import { grade, learningStage, schoolClass } from '../org/school-class.table.ts';

const t = useTestApp();
const M = `${P}/ReaderMoves`;
let schoolId: number;
let scope: Scope;
let admin: { token: string };
const g: Record<string, number> = {};
const c: Record<string, number> = {};
const r: Record<string, { id: number; account: string }> = {};
const as = () => ({ token: admin.token, schoolId });

async function addClass(gradeKey: string, name: string, state = 1) {
  const [row] = await t.db
    .insert(schoolClass)
    .values(scope.values({ gradeId: g[gradeKey], name, state }))
    .returning();
  return row.id;
}

beforeAll(async () => {
  // A school of its own: the upgrade moves every class of the school.
  schoolId = await buildSchool(t.db);
  scope = new Scope(schoolId);
  admin = await buildUser(t.db, schoolId, { permissions: ['*'] });
  const [stage] = await t.db
    .insert(learningStage)
    .values(scope.values({ name: 'Primary', years: 3 }))
    .returning();
  for (const [i, name] of ['G1', 'G2', 'G3'].entries()) {
    const [row] = await t.db
      .insert(grade)
      .values(scope.values({ name, stageId: stage.id, sort: i + 1 }))
      .returning();
    g[name] = row.id;
  }
  c.g1 = await addClass('G1', 'Class 1');
  c.g2 = await addClass('G2', 'Class 1');
  c.g3a = await addClass('G3', 'Class 1');
  c.g3b = await addClass('G3', 'Class 2');
  r.leaver = await makeReader(t.db, scope, { classId: c.g3a, name: 'Leaver With Book' });
  r.clean = await makeReader(t.db, scope, { classId: c.g3b, name: 'Leaver Clean' });
  r.young = await makeReader(t.db, scope, { classId: c.g1, name: 'Young One' });
  const [b] = await makeCopies(t.db, scope, 1);
  const [cp] = await t.db.select().from(copy).where(eq(copy.barcode, b));
  await t.db
    .insert(loan)
    .values(scope.values({ copyId: cp.id, recordId: cp.recordId, userId: r.leaver.id, dueDate: '2020-01-01' }));
});

describe('/department/dept-upgrade', () => {
  it('previews: classes one grade up, last grade graduates, graduates with open loans first', async () => {
    const p = await t.post(`${M}/PreviewUpgrade`, {}, as());
    expect(p.json.success, JSON.stringify(p.json)).toBe(true);
    const moves = p.json.data.moves;
    expect(moves.find((m: any) => m.classId === c.g1)).toMatchObject({
      toGradeName: 'G2',
      readers: 1,
      conflict: false,
    });
    expect(moves.find((m: any) => m.classId === c.g3a)).toMatchObject({ toGradeId: null });
    expect(p.json.data.graduates.map((x: any) => x.name)).toEqual(['Leaver With Book', 'Leaver Clean']);
    expect(p.json.data.graduates[0]).toMatchObject({ openLoans: 1, overdueLoans: 1 });
  });

  it('refuses a stale preview, then applies in one go and archives graduated classes', async () => {
    const stale = await t.post(`${M}/ApplyUpgrade`, { token: 'x', graduateOn: '2027-07-15' }, as());
    expect(stale.json).toMatchObject({ success: false, errorCode: 'STALE_PREVIEW' });
    const { token } = (await t.post(`${M}/PreviewUpgrade`, {}, as())).json.data;
    const res = await t.post(
      `${M}/ApplyUpgrade`,
      { token, graduateOn: '2027-07-15', disableGraduates: true },
      { ...as(), lang: 'zh' },
    );
    expect(res.json.data).toEqual({ movedClasses: 2, graduatedClasses: 2, graduates: 2, graduatesWithLoans: 1 });
    const classes = await t.db.select().from(schoolClass).where(scope.where(schoolClass));
    const byId = new Map(classes.map((x) => [x.id, x]));
    expect(byId.get(c.g1)!.gradeId).toBe(g.G2);
    expect(byId.get(c.g2)!.gradeId).toBe(g.G3);
    expect(byId.get(c.g3a)).toMatchObject({ state: 0, name: 'Class 1（2027届）', gradeId: g.G3 });
    const [leaver] = await t.db.select().from(appUser).where(eq(appUser.id, r.leaver.id));
    expect(leaver).toMatchObject({ validUntil: '2027-07-15', state: 0 });
    const [young] = await t.db.select().from(appUser).where(eq(appUser.id, r.young.id));
    expect(young).toMatchObject({ state: 1, validUntil: null });
    // Applying the same preview twice does nothing.
    const twice = await t.post(`${M}/ApplyUpgrade`, { token, graduateOn: '2027-07-15' }, as());
    expect(twice.json.errorCode).toBe('STALE_PREVIEW');
  });

  it('reports a class name already taken in the target grade and changes nothing', async () => {
    await addClass('G3', 'Class 9', 0);
    const moving = await addClass('G2', 'Class 9');
    const p = await t.post(`${M}/PreviewUpgrade`, {}, as());
    expect(p.json.data.moves.find((m: any) => m.classId === moving)).toMatchObject({ conflict: true });
    const res = await t.post(`${M}/ApplyUpgrade`, { token: p.json.data.token, graduateOn: '2028-07-15' }, as());
    expect(res.json).toMatchObject({ success: false, errorCode: 'CLASS_NAME_TAKEN' });
    const [still] = await t.db.select().from(schoolClass).where(eq(schoolClass.id, c.g1));
    expect(still.gradeId).toBe(g.G2);
  });

  it('needs :upgrade to apply and the screen to preview', async () => {
    const viewer = await buildUser(t.db, schoolId, { permissions: ['department.dept-upgrade'] });
    expect((await t.post(`${M}/PreviewUpgrade`, {}, { token: viewer.token, schoolId })).json.success).toBe(true);
    const apply = await t.post(
      `${M}/ApplyUpgrade`,
      { token: 'x', graduateOn: '2028-07-15' },
      { token: viewer.token, schoolId },
    );
    expect(apply.status).toBe(403);
  });
});

describe('class transfer', () => {
  it('moves selected readers to another class; refuses readers of another school', async () => {
    const target = await addClass('G3', 'Class 5');
    const ok = await t.post(`${M}/TransferReaders`, { readerIds: [r.young.id], classId: target }, as());
    expect(ok.json.data).toEqual({ moved: 1 });
    const [young] = await t.db.select().from(appUser).where(eq(appUser.id, r.young.id));
    expect(young.classId).toBe(target);
    const foreign = await makeReader(t.db, new Scope(t.schoolId));
    const bad = await t.post(`${M}/TransferReaders`, { readerIds: [r.clean.id, foreign.id], classId: target }, as());
    expect(bad.json).toMatchObject({ success: false, errorCode: 'READER_NOT_FOUND' });
    const [clean] = await t.db.select().from(appUser).where(eq(appUser.id, r.clean.id));
    expect(clean.classId).toBe(c.g3b);
    const noClass = await t.post(`${M}/TransferReaders`, { readerIds: [r.clean.id] }, { ...as(), lang: 'en' });
    expect(noClass.json.issues[0]).toMatchObject({ path: 'classId', message: 'Please choose the target class' });
  });
});
