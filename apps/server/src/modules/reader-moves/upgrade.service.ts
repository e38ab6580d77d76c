import { createHash } from 'node:crypto';
import type {
  Graduate,
  UpgradeApplyBody,
  UpgradeClassMove,
  UpgradePreview,
  UpgradeResult,
} from '@shuyuan/contracts/reader-moves/moves';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/route.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { schoolToday } from '../circulation/rules.service.ts';
import { grade, learningStage, schoolClass } from '../org/school-class.table.ts';

type GradeRow = typeof grade.$inferSelect;

/**
 * Next grade of each active grade: grades are ordered within their learning stage by (sort, id); stages by
 * (sort, id), grades without a stage form one more group. The last grade of a group graduates (null).
 */
async function nextGrades(
  db: Db,
  scope: Scope,
): Promise<{ grades: Map<number, GradeRow>; next: Map<number, number | null>; rank: Map<number, number> }> {
  const rows = await db
    .select({ g: grade, stageSort: learningStage.sort })
    .from(grade)
    .leftJoin(learningStage, eq(learningStage.id, grade.stageId))
    .where(scope.where(grade, eq(grade.state, 1)))
    .orderBy(
      asc(sql`coalesce(${learningStage.sort}, 2147483647)`),
      asc(sql`coalesce(${grade.stageId}, 0)`),
      asc(grade.sort),
      asc(grade.id),
    );
  const next = new Map<number, number | null>();
  rows.forEach((r, i) => {
    const n = rows[i + 1];
    next.set(r.g.id, n && n.g.stageId === r.g.stageId ? n.g.id : null);
  });
  return {
    grades: new Map(rows.map((r) => [r.g.id, r.g])),
    next,
    rank: new Map(rows.map((r, i) => [r.g.id, i])),
  };
}

/** What the year-end upgrade would do now: every active class one grade up, last grades graduate. */
export async function previewUpgrade(db: Db, scope: Scope): Promise<UpgradePreview> {
  const { grades, next, rank } = await nextGrades(db, scope);
  const classes = await db
    .select({ c: schoolClass, readers: sql<number>`count(${appUser.id})::int` })
    .from(schoolClass)
    .leftJoin(appUser, and(eq(appUser.classId, schoolClass.id), sql`${appUser.identity} <> 'staff'`))
    .where(scope.where(schoolClass, eq(schoolClass.state, 1)))
    .groupBy(schoolClass.id)
    .orderBy(asc(schoolClass.sort), asc(schoolClass.name));
  // In grade order (stage, grade sort), then class order: apply walks it backwards.
  const active = classes
    .filter((r) => grades.has(r.c.gradeId))
    .sort((a, b) => rank.get(a.c.gradeId)! - rank.get(b.c.gradeId)!);
  const moving = new Set(active.map((r) => r.c.id));
  const nameTaken = new Set(
    (
      await db
        .select({ id: schoolClass.id, gradeId: schoolClass.gradeId, name: schoolClass.name })
        .from(schoolClass)
        .where(scope.where(schoolClass))
    )
      .filter((c) => !moving.has(c.id))
      .map((c) => `${c.gradeId}:${c.name}`),
  );
  const moves: UpgradeClassMove[] = active.map(({ c, readers }) => {
    const to = next.get(c.gradeId) ?? null;
    return {
      classId: c.id,
      className: c.name,
      fromGradeId: c.gradeId,
      fromGradeName: grades.get(c.gradeId)!.name,
      toGradeId: to,
      toGradeName: to ? grades.get(to)!.name : null,
      readers: Number(readers),
      conflict: to !== null && nameTaken.has(`${to}:${c.name}`),
    };
  });
  const graduating = moves.filter((m) => m.toGradeId === null).map((m) => m.classId);
  const graduates = await graduatesOf(db, scope, graduating);
  const token = createHash('sha256')
    .update(JSON.stringify(moves.map((m) => [m.classId, m.fromGradeId, m.toGradeId, m.readers])))
    .digest('hex')
    .slice(0, 24);
  return { moves, graduates, token };
}

/** Student readers of the graduating classes with their open / overdue loan counts; with loans first. */
async function graduatesOf(db: Db, scope: Scope, classIds: number[]): Promise<Graduate[]> {
  if (!classIds.length) return [];
  const today = await schoolToday(db, scope);
  const rows = await db
    .select({
      readerId: appUser.id,
      account: appUser.account,
      name: appUser.name,
      className: schoolClass.name,
      openLoans: sql<number>`count(${loan.id})::int`,
      overdueLoans: sql<number>`count(${loan.id}) filter (where ${loan.dueDate} < ${today})::int`,
    })
    .from(appUser)
    .innerJoin(schoolClass, eq(schoolClass.id, appUser.classId))
    .leftJoin(loan, and(eq(loan.userId, appUser.id), isNull(loan.returnedAt)))
    .where(scope.where(appUser, inArray(appUser.classId, classIds), sql`${appUser.identity} <> 'staff'`))
    .groupBy(appUser.id, appUser.account, appUser.name, schoolClass.name)
    .orderBy(sql`count(${loan.id}) desc`, asc(schoolClass.name), asc(appUser.name));
  return rows.map((r) => ({ ...r, openLoans: Number(r.openLoans), overdueLoans: Number(r.overdueLoans) }));
}

/**
 * Applies the upgrade in one transaction: graduating classes are archived (state 0, name + archive label) and
 * their readers' cards end on `graduateOn` (optionally disabled now); then every other class moves one grade up.
 * Refused when the classes changed since the preview (token) or a target grade already has a class of that name.
 */
export async function applyUpgrade(ctx: Ctx<any>, body: UpgradeApplyBody): Promise<UpgradeResult> {
  const { db, scope } = ctx;
  return db.transaction(async (tx) => {
    // One upgrade at a time per school: the school's grade rows are locked for the duration.
    await tx.select({ id: grade.id }).from(grade).where(scope.where(grade)).for('update');
    const p = await previewUpgrade(tx, scope);
    if (p.token !== body.token) throw fail('STALE_PREVIEW', 'readerMoves.upgrade.stale');
    const conflict = p.moves.find((m) => m.conflict);
    if (conflict) {
      throw fail('CLASS_NAME_TAKEN', 'readerMoves.upgrade.conflict', {
        cls: conflict.className,
        grade: conflict.toGradeName,
      });
    }
    const label = body.archiveLabel || ctx.t('readerMoves.upgrade.archiveLabel', { year: body.graduateOn.slice(0, 4) });
    const graduating = p.moves.filter((m) => m.toGradeId === null);
    for (const m of graduating) {
      await tx
        .update(schoolClass)
        .set({ state: 0, name: `${m.className}（${label}）`, updatedAt: new Date() })
        .where(scope.where(schoolClass, eq(schoolClass.id, m.classId)));
    }
    if (graduating.length) {
      await tx
        .update(appUser)
        .set({
          validUntil: body.graduateOn,
          ...(body.disableGraduates ? { state: 0 } : {}),
          updatedAt: new Date(),
        })
        .where(
          scope.where(
            appUser,
            inArray(
              appUser.classId,
              graduating.map((m) => m.classId),
            ),
            sql`${appUser.identity} <> 'staff'`,
          ),
        );
    }
    // Highest grades first, so a class never lands on a name that is about to move away.
    const moving = p.moves.filter((m) => m.toGradeId !== null).reverse();
    for (const m of moving) {
      await tx
        .update(schoolClass)
        .set({ gradeId: m.toGradeId!, updatedAt: new Date() })
        .where(scope.where(schoolClass, eq(schoolClass.id, m.classId)));
    }
    const result = {
      movedClasses: moving.length,
      graduatedClasses: graduating.length,
      graduates: p.graduates.length,
      graduatesWithLoans: p.graduates.filter((g) => g.openLoans > 0).length,
    };
    Object.assign(ctx.auditDetail, result, { graduateOn: body.graduateOn });
    return result;
  });
}
