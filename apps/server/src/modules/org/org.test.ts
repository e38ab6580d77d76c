import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { P } from '@shuyuan/contracts/common/paths';
import { buildSchool, buildUser, useTestApp } from '../../test/helper.ts';
import { appUser } from '../auth/user.table.ts';

const t = useTestApp();
const O = `${P}/Org`;
const B = '/micro/basic/open';

type Node = { id: number; name: string; children?: Node[] };
const names = (list: Node[]): string[] => list.map((n) => n.name);

describe('organisation', () => {
  it('seeds departments, grades 1–6 with classes and the current term for the demo school', async () => {
    const tree = await t.get(`${B}/department/getDepartmentTree`);
    expect(names(tree.json.data)).toEqual(['教学部']);
    expect(names(tree.json.data[0].children)).toEqual(['语文组', '数学组', '英语组', '综合组']);
    const org = await t.get(`${B}/department/getOrgDepartmentAll`);
    expect(names(org.json.data)).toContain('图书馆');
    const grades = await t.get(`${B}/grade/getGradeTree`);
    expect(names(grades.json.data)).toEqual(['一年级', '二年级', '三年级', '四年级', '五年级', '六年级']);
    expect(names(grades.json.data[0].children)).toEqual(['一(1)班', '一(2)班', '一(3)班']);
    expect((await t.get(`${B}/grade/getGradeAll`)).json.data).toHaveLength(6);
    expect(names((await t.get(`${B}/learningStage/getLearningStageAll`)).json.data)).toEqual(['小学', '初中']);
    const terms = await t.post(`${O}/GetTermList`, {});
    expect(terms.json.data.List.filter((r: { isCurrent: boolean }) => r.isCurrent)).toHaveLength(1);
  });

  it('keeps teaching and administrative departments apart and the tree free of cycles', async () => {
    const root = (await t.post(`${O}/AddDept`, { name: '艺体组' })).json.data;
    expect(root.kind).toBe('dept');
    const child = (await t.post(`${O}/AddDept`, { name: '美术小组', parentId: root.id })).json.data;
    const office = (await t.post(`${O}/AddOrgDept`, { name: '信息中心', kind: 'dept' })).json.data;
    expect(office.kind).toBe('org');
    // The /dept screen cannot see or change administrative departments.
    expect((await t.post(`${O}/GetDept`, { id: office.id })).json.errorCode).toBe('NOT_FOUND');
    const orgs = await t.post(`${O}/GetOrgDeptList`, { Tree: true });
    expect(names(orgs.json.data.List)).toContain('信息中心');
    expect(names(orgs.json.data.List)).not.toContain('艺体组');
    const wrongKind = await t.post(`${O}/AddDept`, { name: 'x', parentId: office.id });
    expect(wrongKind.json.errorCode).toBe('DEPARTMENT_PARENT');
    const cycle = await t.post(`${O}/UpdateDept`, { ...root, parentId: child.id }, { lang: 'zh' });
    expect(cycle.json.msg).toBe('不能把部门移到它自己或其下级之下');
    const all = await t.post(`${O}/GetDepartmentList`, { Tree: true, kind: 'dept' });
    const yt = (all.json.data.List as Node[]).find((n) => n.id === root.id)!;
    expect(names(yt.children!)).toEqual(['美术小组']);
    expect((await t.post(`${O}/DeleteDept`, { ids: [root.id] })).json.errorCode).toBe('IN_USE');
    // Deleting parent and child together is fine.
    expect((await t.post(`${O}/DeleteDept`, { ids: [root.id, child.id] })).json.code).toBe(0);
  });

  it('sets a reading instructor and refuses one from another school', async () => {
    const other = await buildSchool(t.db);
    const stranger = await buildUser(t.db, other);
    const teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher' });
    const ok = await t.post(`${O}/AddDept`, { name: '阅读组', instructorId: teacher.id });
    expect(ok.json.data.instructorName).toBe(`User ${teacher.account}`);
    const bad = await t.post(`${O}/AddDept`, { name: '阅读二组', instructorId: stranger.id }, { lang: 'en' });
    expect(bad.json.issues).toEqual([{ path: 'instructorId', message: 'The reading instructor does not exist' }]);
  });

  it('checks term dates: the end may not come before the start (zh and en)', async () => {
    const body = { name: '2030春季学期', startDate: '2030-02-20', endDate: '2030-02-19' };
    const zh = await t.post(`${O}/AddTerm`, body, { lang: 'zh' });
    expect(zh.json.issues).toEqual([{ path: 'endDate', message: '结束时间不能早于开始时间' }]);
    const en = await t.post(`${O}/AddTerm`, body, { lang: 'en' });
    expect(en.json.issues).toEqual([
      { path: 'endDate', message: 'The end date cannot be earlier than the start date' },
    ]);
    const missing = await t.post(`${O}/AddTerm`, { name: '', startDate: '' }, { lang: 'zh' });
    expect(missing.json.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: '请输入学期名称' },
        { path: 'startDate', message: '请选择开始时间' },
        { path: 'endDate', message: '请选择结束时间' },
      ]),
    );
    const add = await t.post(`${O}/AddTerm`, { ...body, endDate: '2030-07-10', isCurrent: true });
    expect(add.json.code).toBe(0);
    const upd = await t.post(`${O}/UpdateTerm`, { ...add.json.data, endDate: '2030-01-01' });
    expect(upd.json.issues?.[0].path).toBe('endDate');
    const list = await t.post(`${O}/GetTermList`, {});
    const current = list.json.data.List.filter((r: { isCurrent: boolean }) => r.isCurrent);
    expect(current.map((r: { id: number }) => r.id)).toEqual([add.json.data.id]);
  });

  it('classes belong to a grade, take its stage, and show names', async () => {
    const grades = (await t.get(`${B}/grade/getGradeAll`)).json.data;
    const teacher = await buildUser(t.db, t.schoolId, { identity: 'teacher' });
    const add = await t.post(`${O}/AddClass`, { name: '一(4)班', gradeId: grades[0].id, headTeacherId: teacher.id });
    expect(add.json.data).toMatchObject({ gradeName: '一年级', stageName: '小学', stageId: grades[0].stageId });
    const dup = await t.post(`${O}/AddClass`, { name: '一(4)班', gradeId: grades[0].id }, { lang: 'zh' });
    expect(dup.json.issues).toEqual([{ path: 'name', message: '班级已存在' }]);
    const noGrade = await t.post(`${O}/AddClass`, { name: 'x' }, { lang: 'zh' });
    expect(noGrade.json.issues).toEqual([{ path: 'gradeId', message: '请选择年级' }]);
    expect((await t.post(`${O}/DeleteGrade`, { ids: [grades[0].id] })).json.errorCode).toBe('IN_USE');
    const filtered = await t.post(`${O}/GetClassList`, { gradeId: grades[0].id });
    expect(filtered.json.data.Total).toBe(4);
  });

  it("answers the open look-ups for the caller's school only", async () => {
    const other = await buildSchool(t.db);
    const u = await buildUser(t.db, other, { identity: 'teacher', permissions: ['class', 'organization'] });
    const as = { token: u.token, schoolId: other };
    expect((await t.get(`${B}/department/getDepartmentTree`, {}, as)).json.data).toEqual([]);
    expect((await t.get(`${B}/grade/getGradeTree`, {}, as)).json.data).toEqual([]);
    const users = await t.get(`${B}/user/getUserSimpleAll`, {}, as);
    expect(users.json.data).toEqual([{ id: u.id, name: `User ${u.account}`, account: u.account }]);
    // A member of another school cannot read this school's data by naming it.
    const cross = await t.get(`${B}/user/getUserSimpleAll`, {}, { token: u.token, schoolId: t.schoolId });
    expect(cross.status).toBe(403);
    const space = await t.get(`${B}/space/info`);
    expect(space.json.data).toMatchObject({ name: '书苑示范学校', theme: { bgColor: '#1f3a5f' } });
    const contacts = await t.get('/micro/console/open/library/organization/getSchoolOrganization');
    expect(contacts.json.data.map((c: { title: string }) => c.title)).toEqual(['校长', '图书馆负责人']);
    expect((await t.get('/micro/console/open/library/organization/getSchoolOrganization', {}, as)).json.data).toEqual(
      [],
    );
  });

  it("shows people only to the screens that show them: a student reads no one's details", async () => {
    const student = await buildUser(t.db, t.schoolId, { identity: 'student' });
    const as = { token: student.token };
    for (const url of [
      `${B}/user/getUserList`,
      `${B}/user/getUserSimpleAll`,
      '/micro/console/open/library/organization/getSchoolOrganization',
    ]) {
      const r = await t.get(url, {}, as);
      expect(r.status, url).toBe(403);
      expect(r.json.data, url).toBeNull();
    }
    // The school's structure stays readable for every member.
    expect(names((await t.get(`${B}/grade/getGradeAll`, {}, as)).json.data)).toContain('一年级');
    const readersScreen = await buildUser(t.db, t.schoolId, { permissions: ['department.user-transfer'] });
    const list = await t.get(`${B}/user/getUserList`, { SearchKey: student.account }, { token: readersScreen.token });
    expect(list.json.data.List.map((u: { id: number }) => u.id)).toEqual([student.id]);
    const classes = await buildUser(t.db, t.schoolId, { permissions: ['class'] });
    const simple = await t.get(`${B}/user/getUserSimpleAll`, {}, { token: classes.token });
    expect(simple.json.data).toContainEqual({
      id: student.id,
      name: `User ${student.account}`,
      account: student.account,
    });
  });

  it('pages the user list with filters and masks phones', async () => {
    const sid = await buildSchool(t.db);
    const admin = await buildUser(t.db, sid, { permissions: ['*'] });
    const as = { token: admin.token, schoolId: sid };
    const dept = (await t.post(`${O}/AddDept`, { name: '语文组' }, as)).json.data;
    for (let i = 0; i < 7; i++) {
      const s = await buildUser(t.db, sid, { identity: 'student' });
      await t.db
        .update(appUser)
        .set({ phone: `1380000000${i}`, departmentId: i < 2 ? dept.id : null })
        .where(eq(appUser.id, s.id));
    }
    const p2 = await t.get(`${B}/user/getUserList`, { Page: 2, Rows: 3, identity: 'student' }, as);
    expect(p2.json.data.Total).toBe(7);
    expect(p2.json.data.List).toHaveLength(3);
    expect(p2.json.data.List[0].phone).toMatch(/^138\*{4}000\d$/);
    const p3 = await t.get(`${B}/user/getUserList`, { Page: 3, Rows: 3, identity: 'student' }, as);
    expect(p3.json.data.List).toHaveLength(1);
    const byDept = await t.get(`${B}/user/getUserList`, { departmentId: dept.id }, as);
    expect(byDept.json.data.Total).toBe(2);
    expect(byDept.json.data.List[0].departmentName).toBe('语文组');
    const everyone = await t.get(`${B}/user/getUserList`, {}, as);
    expect(everyone.json.data.Total).toBe(8);
    const search = await t.get(`${B}/user/getUserList`, { SearchKey: admin.account }, as);
    expect(search.json.data.List.map((r: { id: number }) => r.id)).toEqual([admin.id]);
  });

  it('pages every organisation list: Page and Rows respected, Total right', async () => {
    const sid = await buildSchool(t.db);
    const u = await buildUser(t.db, sid, { permissions: ['*'] });
    const as = { token: u.token, schoolId: sid };
    const g = (await t.post(`${O}/AddGrade`, { name: 'G' }, as)).json.data;
    const makers: [string, (i: number) => object, number][] = [
      ['Department', (i) => ({ name: `d${i}`, kind: i % 2 ? 'org' : 'dept' }), 0],
      ['Dept', (i) => ({ name: `dd${i}` }), 3],
      ['OrgDept', (i) => ({ name: `od${i}` }), 3],
      ['LearningStage', (i) => ({ name: `s${i}` }), 0],
      ['Grade', (i) => ({ name: `g${i}` }), 1],
      ['Class', (i) => ({ name: `c${i}`, gradeId: g.id }), 0],
      ['Term', (i) => ({ name: `t${i}`, startDate: `203${i}-02-01`, endDate: `203${i}-07-01` }), 0],
      ['Subject', (i) => ({ name: `su${i}` }), 0],
      ['Organization', (i) => ({ title: `o${i}` }), 0],
      ['PermissionGroup', (i) => ({ name: `p${i}`, identity: 'teacher' }), 0],
    ];
    for (const [entity, make, existing] of makers) {
      for (let i = 0; i < 6; i++) expect((await t.post(`${O}/Add${entity}`, make(i), as)).json.code, entity).toBe(0);
      const total = 6 + existing;
      const p2 = await t.post(`${O}/Get${entity}List`, { Page: 2, Rows: 4 }, as);
      expect(p2.json.data.Total, entity).toBe(total);
      expect(p2.json.data.List.length, entity).toBe(Math.min(4, total - 4));
      const p1 = await t.post(`${O}/Get${entity}List`, { Page: 1, Rows: 4 }, as);
      expect(p1.json.data.List.length, entity).toBe(4);
    }
  });
});
