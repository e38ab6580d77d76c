import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { SeedContext } from '../index.ts';
import { school } from '../school/school.table.ts';
import { department } from './department.table.ts';
import { orgContact, permissionGroup } from './organization.table.ts';
import { grade, learningStage, schoolClass } from './school-class.table.ts';
import { subject, term } from './term.table.ts';

const CN = ['一', '二', '三', '四', '五', '六'];

/** The school year containing `d`: from September to the end of January, else February to July. */
export function currentTermOf(d: Date): { name: string; startDate: string; endDate: string } {
  const y = d.getFullYear();
  const m = d.getMonth() + 1;
  if (m >= 8) return { name: `${y}-${y + 1}学年第一学期`, startDate: `${y}-09-01`, endDate: `${y + 1}-01-31` };
  if (m === 1) return { name: `${y - 1}-${y}学年第一学期`, startDate: `${y - 1}-09-01`, endDate: `${y}-01-31` };
  return { name: `${y - 1}-${y}学年第二学期`, startDate: `${y}-02-01`, endDate: `${y}-07-31` };
}

/** Demo organisation for the demo school on the first run: departments, grades 1–6 with classes, the term. */
async function seedDemo(db: Db, schoolId: number): Promise<void> {
  const scope = new Scope(schoolId);
  await db.transaction(async (tx) => {
    const [teaching] = await tx
      .insert(department)
      .values(scope.values({ kind: 'dept', name: '教学部', code: 'JX', isDefault: true, sort: 10 }))
      .returning();
    await tx
      .insert(department)
      .values(
        ['语文组', '数学组', '英语组', '综合组'].map((name, i) =>
          scope.values({ kind: 'dept', name, parentId: teaching.id, sort: (i + 1) * 10 }),
        ),
      );
    await tx
      .insert(department)
      .values(
        ['校长室', '教务处', '德育处', '总务处', '图书馆'].map((name, i) =>
          scope.values({ kind: 'org', name, sort: (i + 1) * 10, isDefault: name === '教务处' }),
        ),
      );
    const [primary] = await tx
      .insert(learningStage)
      .values(scope.values({ name: '小学', code: 'XX', years: 6, sort: 10 }))
      .returning();
    await tx.insert(learningStage).values(scope.values({ name: '初中', code: 'CZ', years: 3, sort: 20 }));
    const grades = await tx
      .insert(grade)
      .values(CN.map((c, i) => scope.values({ name: `${c}年级`, code: `G${i + 1}`, stageId: primary.id, sort: i + 1 })))
      .returning();
    await tx.insert(schoolClass).values(
      grades.flatMap((g, gi) =>
        [1, 2, 3].map((n) =>
          scope.values({
            gradeId: g.id,
            stageId: primary.id,
            name: `${CN[gi]}(${n})班`,
            code: `${gi + 1}0${n}`,
            sort: n,
          }),
        ),
      ),
    );
    await tx.insert(term).values(scope.values({ ...currentTermOf(new Date()), isCurrent: true }));
    await tx
      .insert(subject)
      .values(
        ['语文', '数学', '英语', '科学', '道德与法治', '美术', '音乐'].map((name, i) =>
          scope.values({ name, sort: i }),
        ),
      );
    await tx.insert(permissionGroup).values([
      scope.values({
        name: '学生',
        identity: 'student',
        isDefault: true,
        description: '学生读者默认权限组',
        sort: 10,
      }),
      scope.values({
        name: '教师',
        identity: 'teacher',
        isDefault: true,
        description: '教职工读者默认权限组',
        sort: 20,
      }),
    ]);
    await tx
      .insert(orgContact)
      .values([
        scope.values({ title: '校长', person: '李校长', sort: 10 }),
        scope.values({ title: '图书馆负责人', person: '王老师', sort: 20 }),
      ]);
  });
}

export async function seedOrg(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.firstRun) return;
  const [demo] = await db.select({ id: school.id }).from(school).where(eq(school.isDemo, true)).limit(1);
  if (demo) await seedDemo(db, demo.id);
}
