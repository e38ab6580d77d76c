import type { KinLoanQuery, StudentParentDto, UpdateStudentParentsBody } from '@shuyuan/contracts/circ-records/parents';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { likePattern } from '../../platform/resource/query.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { schoolClass } from '../org/school-class.table.ts';
import { studentParent } from './circ-records.table.ts';
import { listLoans } from './records.query.ts';

const student = alias(appUser, 'sp_student');
const parent = alias(appUser, 'sp_parent');

/** Links between parents and students, with both readers' names (school scoped). */
export async function listLinks(
  db: Db,
  scope: Scope,
  f: { studentId?: number; parentId?: number; classId?: number; SearchKey?: string },
  page?: { Page: number; Rows: number },
): Promise<{ List: StudentParentDto[]; Total: number }> {
  const conds: (SQL | undefined)[] = [
    f.studentId ? eq(studentParent.studentId, f.studentId) : undefined,
    f.parentId ? eq(studentParent.parentId, f.parentId) : undefined,
    f.classId ? eq(student.classId, f.classId) : undefined,
  ];
  if (f.SearchKey) {
    const p = likePattern(f.SearchKey);
    conds.push(or(ilike(student.name, p), ilike(student.account, p), ilike(parent.name, p), ilike(parent.account, p)));
  }
  const base = () =>
    db
      .select({
        id: studentParent.id,
        studentId: studentParent.studentId,
        studentAccount: student.account,
        studentName: student.name,
        className: schoolClass.name,
        parentId: studentParent.parentId,
        parentAccount: parent.account,
        parentName: parent.name,
        parentPhone: parent.phone,
        relation: studentParent.relation,
      })
      .from(studentParent)
      .innerJoin(student, eq(student.id, studentParent.studentId))
      .innerJoin(parent, eq(parent.id, studentParent.parentId))
      .leftJoin(schoolClass, eq(schoolClass.id, student.classId))
      .where(scope.where(studentParent, and(...conds)))
      .orderBy(student.name, studentParent.id)
      .$dynamic();
  const all = await base();
  const List = page ? all.slice((page.Page - 1) * page.Rows, page.Page * page.Rows) : all;
  return { List, Total: all.length };
}

/**
 * Sets the parents of one student (replaces the set). The student must be a reader of identity 'student' and
 * each parent one of identity 'parent', both of the caller's school; anything else is reported on its field
 * and nothing changes.
 */
export async function updateStudentParents(ctx: Ctx<any>, body: UpdateStudentParentsBody) {
  const { db, scope } = ctx;
  const ids = [body.studentId, ...body.parents.map((p) => p.parentId)];
  const rows = await db
    .select({ id: appUser.id, identity: appUser.identity })
    .from(appUser)
    .where(scope.where(appUser, inArray(appUser.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r.identity]));
  const issues = [];
  if (byId.get(body.studentId) !== 'student') {
    issues.push({ path: 'studentId', message: ctx.t('circRecords.parents.notStudent') });
  }
  body.parents.forEach((p, i) => {
    if (byId.get(p.parentId) !== 'parent') {
      issues.push({ path: `parents.${i}.parentId`, message: ctx.t('circRecords.parents.notParent') });
    }
  });
  if (issues.length) throw invalid(issues);
  const unique = new Map(body.parents.map((p) => [p.parentId, p.relation]));
  await db.transaction(async (tx) => {
    await tx.delete(studentParent).where(scope.where(studentParent, eq(studentParent.studentId, body.studentId)));
    if (unique.size) {
      await tx
        .insert(studentParent)
        .values(
          [...unique].map(([parentId, relation]) => scope.values({ studentId: body.studentId, parentId, relation })),
        );
    }
  });
  return listLinks(db, scope, { studentId: body.studentId });
}

/** Students linked to parents matching the filters (ids), for the parents' loan lists. */
async function childrenOf(db: Db, scope: Scope, q: KinLoanQuery): Promise<number[]> {
  const conds: (SQL | undefined)[] = [
    q.parentId ? eq(studentParent.parentId, q.parentId) : undefined,
    q.studentId ? eq(studentParent.studentId, q.studentId) : undefined,
  ];
  if (q.parent) {
    const p = likePattern(q.parent);
    conds.push(or(ilike(parent.name, p), ilike(parent.account, p)));
  }
  const rows = await db
    .selectDistinct({ id: studentParent.studentId })
    .from(studentParent)
    .innerJoin(parent, eq(parent.id, studentParent.parentId))
    .where(scope.where(studentParent, and(...conds)));
  return rows.map((r) => r.id);
}

/**
 * Loans of students linked to parents, each row naming the student's parents. `openOnly` = items still on
 * loan (/parents-no-return, GetKinBorrowing).
 */
export async function kinLoans(db: Db, scope: Scope, q: KinLoanQuery, openOnly: boolean) {
  const userIds = await childrenOf(db, scope, q);
  const state = openOnly && q.state !== 'overdue' ? 'open' : q.state;
  const page = await listLoans(db, scope, { userIds, state }, q);
  const shown = [...new Set(page.List.map((l) => l.userId))];
  const links = shown.length
    ? await db
        .select({ studentId: studentParent.studentId, name: parent.name, relation: studentParent.relation })
        .from(studentParent)
        .innerJoin(parent, eq(parent.id, studentParent.parentId))
        .where(scope.where(studentParent, inArray(studentParent.studentId, shown)))
    : [];
  return {
    Total: page.Total,
    List: page.List.map((l) => ({
      ...l,
      parents: links.filter((k) => k.studentId === l.userId).map((k) => ({ name: k.name, relation: k.relation })),
    })),
  };
}

export async function kinUserIds(db: Db, scope: Scope, q: KinLoanQuery) {
  return childrenOf(db, scope, q);
}
