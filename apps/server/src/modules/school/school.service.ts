import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SchoolCreate } from '@shuyuan/contracts/school/school';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../platform/password.ts';
import { Scope } from '../../platform/tenancy.ts';
import { role, userRole } from '../auth/role.table.ts';
import { appUser } from '../auth/user.table.ts';
import { school } from './school.table.ts';

/**
 * Which schools a caller sees on /sys/company: the school they act in and every school beneath it
 * (parent_id chain). The first school of an install (no parent) is the district: its administrators manage
 * every school; the administrator of a school created below sees only that school (and its own sub-units).
 */
export function schoolSubtree(schoolId: number) {
  return sql`${school.id} in (with recursive sub(id) as (
      select ${sql.raw(String(Math.trunc(schoolId)))}
      union all select s.id from school s join sub on s.parent_id = sub.id
    ) select id from sub)`;
}

/** Creates the new school's administrator role ('*', system) and account, in the caller's transaction. */
export async function createSchoolAdmin(db: Db, schoolId: number, input: SchoolCreate, roleName: string) {
  const scope = new Scope(schoolId);
  const [r] = await db
    .insert(role)
    .values(scope.values({ name: roleName, enName: 'Administrator', permissions: ['*'], isSystem: true }))
    .returning();
  const [u] = await db
    .insert(appUser)
    .values(
      scope.values({
        account: input.adminAccount,
        name: input.adminName,
        identity: 'staff',
        passwordHash: await hashPassword(input.adminPassword),
        passwordChangedAt: new Date(),
        // Typed by the administrator creating the unit: its own administrator chooses one at the first sign-in.
        mustChangePassword: true,
      }),
    )
    .returning();
  await db.insert(userRole).values(scope.values({ userId: u.id, roleId: r.id }));
}

/** The administrator shown in the list: the first member of the school's system role. */
export async function schoolAdmins(
  db: Db,
  schoolIds: number[],
): Promise<Map<number, { account: string; name: string }>> {
  if (!schoolIds.length) return new Map();
  const rows = await db
    .select({ schoolId: userRole.schoolId, account: appUser.account, name: appUser.name })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.isSystem, true)))
    .innerJoin(appUser, eq(appUser.id, userRole.userId))
    .where(inArray(userRole.schoolId, schoolIds))
    .orderBy(asc(appUser.id));
  const out = new Map<number, { account: string; name: string }>();
  for (const r of rows) if (!out.has(r.schoolId)) out.set(r.schoolId, { account: r.account, name: r.name });
  return out;
}

// Set-up and bookkeeping that belong to the school itself and go with it (defaults created with the school,
// settings, logs); a row in any other table with a school_id means the school is in use.
const OWN_TABLES = new Set([
  'role',
  'user_role',
  'operation_log',
  'login_log',
  'error_log',
  'sip2_log',
  'job',
  'translation',
  'resource_type',
  'setting',
  'mail_config',
  'oauth_client',
  'school_menu_off',
  'home_shortcut',
  'editing_config',
  'loan_rule',
  'barcode_rule',
]);

/**
 * A school may be deleted only while it is empty: no member schools, no users beyond its administrators, no
 * rows in any other table with a school_id (every module's data, found from the catalogue, so a module added
 * later is covered without registering anything).
 */
export async function schoolInUse(db: Db, id: number): Promise<boolean> {
  const [child] = await db.select({ id: school.id }).from(school).where(eq(school.parentId, id)).limit(1);
  if (child) return true;
  const res: any = await db.execute(sql`
    select u.id from app_user u
    where u.school_id = ${id} and not exists (
      select 1 from user_role ur join role r on r.id = ur.role_id and r.is_system
      where ur.user_id = u.id and ur.school_id = ${id})
    limit 1`);
  if ((res.rows ?? res).length) return true;
  const tabs: any = await db.execute(sql`
    select table_name from information_schema.columns
    where column_name = 'school_id' and table_schema = current_schema()`);
  for (const { table_name } of (tabs.rows ?? tabs) as { table_name: string }[]) {
    if (OWN_TABLES.has(table_name) || table_name === 'app_user') continue;
    const r: any = await db.execute(sql`select 1 from ${sql.identifier(table_name)} where school_id = ${id} limit 1`);
    if ((r.rows ?? r).length) return true;
  }
  return false;
}

/** Removes what a school owns by itself (roles, memberships, its administrators) before the school row goes. */
export async function removeSchoolOwn(db: Db, ids: number[]): Promise<void> {
  for (const table of OWN_TABLES)
    await db.execute(
      sql`delete from ${sql.identifier(table)} where school_id in ${sql.raw(`(${ids.map((i) => Math.trunc(i)).join(',')})`)}`,
    );
  await db.delete(appUser).where(inArray(appUser.schoolId, ids));
}
