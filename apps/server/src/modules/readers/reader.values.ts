import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ReaderCreate, ReaderDto } from '@shuyuan/contracts/readers/reader';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../platform/password.ts';
import type { Ctx } from '../../platform/route.ts';
import { Scope } from '../../platform/tenancy.ts';
import type { appUser } from '../auth/user.table.ts';
import { nameOf } from '../basic/refs.ts';
import { loan } from '../circulation/circulation.table.ts';
import { department } from '../org/department.table.ts';
import { permissionGroup } from '../org/organization.table.ts';
import { grade, schoolClass } from '../org/school-class.table.ts';

type UserRow = typeof appUser.$inferSelect;

/**
 * Can the reader borrow with the physical card? Circulation calls this when a card (barcode/RFID) is
 * scanned: a card reported lost stays refused until it is re-issued.
 */
export function readerCardUsable(row: Pick<UserRow, 'cardLost'>): boolean {
  return !row.cardLost;
}

const fenToYuan = (fen: number) => fen / 100;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/**
 * Form input → app_user values. Empty optional fields clear the column (the form sends the whole reader).
 * The deposit is never written here: it changes only with a ledger movement (card desk), so an edit made
 * from an old form cannot overwrite a deduction.
 */
export async function readerValues(input: ReaderCreate, isNew: boolean): Promise<Partial<UserRow>> {
  const v: Partial<UserRow> = {
    account: input.account,
    name: input.name,
    enName: input.enName ?? null,
    identity: input.identity,
    sex: input.sex,
    phone: input.phone ?? null,
    email: input.email ?? null,
    birthday: input.birthday ?? null,
    departmentId: input.departmentId,
    classId: input.classId,
    permissionGroupId: input.permissionGroupId,
    cardRfid: input.cardRfid ?? null,
    validUntil: input.validUntil ?? null,
    photoUrl: input.photoUrl ?? null,
    remark: input.remark ?? null,
    state: input.state,
    updatedAt: new Date(),
  };
  // A new reader gets the card at once; an edit keeps the password unless a new one is typed. A password typed by
  // staff is not the reader's own: it must be changed at the first sign-in.
  if (isNew) v.processedAt = new Date();
  if (input.password) {
    v.passwordHash = await hashPassword(input.password);
    v.mustChangePassword = true;
  }
  return v;
}

/**
 * The school's default permission group for an identity (org /semester permission groups: one default per
 * identity), or null. A new reader (form or import) without a group gets it.
 */
export async function defaultGroupId(db: Db, scope: Scope, identity: string): Promise<number | null> {
  const [g] = await db
    .select({ id: permissionGroup.id })
    .from(permissionGroup)
    .where(
      scope.where(
        permissionGroup,
        and(eq(permissionGroup.identity, identity), eq(permissionGroup.isDefault, true), eq(permissionGroup.state, 1)),
      ),
    )
    .orderBy(asc(permissionGroup.id))
    .limit(1);
  return g?.id ?? null;
}

/** The grade of a class (cached per request through nameOf's neighbour query). */
async function gradeOf(ctx: Ctx<any>, classId: number | null): Promise<number | null> {
  if (classId == null) return null;
  const [c] = await ctx.db
    .select({ gradeId: schoolClass.gradeId })
    .from(schoolClass)
    .where(new Scope(ctx.schoolId).where(schoolClass, eq(schoolClass.id, classId)))
    .limit(1);
  return c?.gradeId ?? null;
}

export async function readerDto(r: UserRow, ctx: Ctx<any>): Promise<ReaderDto> {
  const gradeId = await gradeOf(ctx, r.classId);
  return {
    id: r.id,
    account: r.account,
    name: r.name,
    enName: r.enName,
    identity: r.identity,
    sex: r.sex,
    phone: r.phone,
    email: r.email,
    birthday: r.birthday,
    departmentId: r.departmentId,
    departmentName: await nameOf(ctx, department, department.name, r.departmentId),
    classId: r.classId,
    className: await nameOf(ctx, schoolClass, schoolClass.name, r.classId),
    gradeId,
    gradeName: await nameOf(ctx, grade, grade.name, gradeId),
    permissionGroupId: r.permissionGroupId,
    permissionGroupName: await nameOf(ctx, permissionGroup, permissionGroup.name, r.permissionGroupId),
    cardRfid: r.cardRfid,
    cardLost: r.cardLost,
    deposit: fenToYuan(r.deposit),
    processedAt: iso(r.processedAt),
    validUntil: r.validUntil,
    photoUrl: r.photoUrl,
    remark: r.remark,
    state: r.state,
  };
}

/** True when any of the readers still has a loan open (returned_at null). */
export async function anyOpenLoans(db: Db, schoolId: number, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const found = await db
    .select({ id: loan.id })
    .from(loan)
    .where(new Scope(schoolId).where(loan, inArray(loan.userId, ids), isNull(loan.returnedAt)))
    .limit(1);
  return found.length > 0;
}
