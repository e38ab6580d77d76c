import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { maskPhone } from '@shuyuan/contracts/common/validators';
import type { DepartmentKind } from '@shuyuan/contracts/org/department';
import type { UserListQuery } from '@shuyuan/contracts/org/open';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { likePattern } from '../../platform/resource/query.ts';
import { appUser } from '../auth/user.table.ts';
import { department } from './department.table.ts';
import { grade, learningStage, schoolClass } from './school-class.table.ts';

export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  code: string;
  sort: number;
  isDefault: boolean;
  instructorId: number | null;
  children: DeptNode[];
}

/** Departments of one kind in use, flat, in tree order (sort, id). */
export async function departmentsAll(
  db: Db,
  scope: Scope,
  kind: DepartmentKind,
): Promise<Omit<DeptNode, 'children'>[]> {
  return db
    .select({
      id: department.id,
      parentId: department.parentId,
      name: department.name,
      code: department.code,
      sort: department.sort,
      isDefault: department.isDefault,
      instructorId: department.instructorId,
    })
    .from(department)
    .where(scope.where(department, eq(department.kind, kind), eq(department.state, 1)))
    .orderBy(asc(department.sort), asc(department.id));
}

/** Nests departments; one whose parent is stopped or missing becomes a root. */
export function nest(rows: Omit<DeptNode, 'children'>[]): DeptNode[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as DeptNode[] }]));
  const roots: DeptNode[] = [];
  for (const n of byId.values()) {
    const p = n.parentId != null ? byId.get(n.parentId) : undefined;
    (p ? p.children : roots).push(n);
  }
  return roots;
}

export async function gradesAll(db: Db, scope: Scope) {
  return db
    .select({ id: grade.id, name: grade.name, code: grade.code, stageId: grade.stageId, sort: grade.sort })
    .from(grade)
    .where(scope.where(grade, eq(grade.state, 1)))
    .orderBy(asc(grade.sort), asc(grade.id));
}

/** Grades with their classes as children (the shape class pickers use). */
export async function gradeTree(db: Db, scope: Scope) {
  const [grades, classes] = await Promise.all([
    gradesAll(db, scope),
    db
      .select({ id: schoolClass.id, name: schoolClass.name, gradeId: schoolClass.gradeId, sort: schoolClass.sort })
      .from(schoolClass)
      .where(scope.where(schoolClass, eq(schoolClass.state, 1)))
      .orderBy(asc(schoolClass.sort), asc(schoolClass.id)),
  ]);
  return grades.map((g) => ({
    ...g,
    type: 'grade' as const,
    children: classes.filter((c) => c.gradeId === g.id).map((c) => ({ ...c, type: 'class' as const })),
  }));
}

export async function stagesAll(db: Db, scope: Scope) {
  return db
    .select({ id: learningStage.id, name: learningStage.name, code: learningStage.code, years: learningStage.years })
    .from(learningStage)
    .where(scope.where(learningStage))
    .orderBy(asc(learningStage.sort), asc(learningStage.id));
}

export async function usersSimple(db: Db, scope: Scope) {
  return db
    .select({ id: appUser.id, name: appUser.name, account: appUser.account })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.state, 1)))
    .orderBy(asc(appUser.id));
}

/** A page of the school's users; the phone is masked to its first 3 and last 4 digits (spec §9). */
export async function userPage(db: Db, scope: Scope, q: UserListQuery) {
  const conds: (SQL | undefined)[] = [
    q.identity ? eq(appUser.identity, q.identity) : undefined,
    q.departmentId ? eq(appUser.departmentId, q.departmentId) : undefined,
  ];
  if (q.SearchKey) {
    const p = likePattern(q.SearchKey);
    conds.push(or(ilike(appUser.name, p), ilike(appUser.account, p), ilike(appUser.phone, p)));
  }
  const where = scope.where(appUser, and(...conds));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: appUser.id,
        account: appUser.account,
        name: appUser.name,
        enName: appUser.enName,
        identity: appUser.identity,
        sex: appUser.sex,
        phone: appUser.phone,
        email: appUser.email,
        departmentId: appUser.departmentId,
        departmentName: department.name,
        state: appUser.state,
      })
      .from(appUser)
      .leftJoin(department, eq(department.id, appUser.departmentId))
      .where(where)
      .orderBy(asc(appUser.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(appUser).where(where),
  ]);
  return list(
    rows.map((r) => ({ ...r, phone: maskPhone(r.phone) })),
    Number(n),
  );
}
