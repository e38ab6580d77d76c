import type { Db } from '../../db/client.ts';
import { generatePassword, hashPassword } from '../../platform/password.ts';
import type { SeedContext } from '../index.ts';
import { role, userRole } from '../auth/role.table.ts';
import { appUser } from '../auth/user.table.ts';
import { school } from './school.table.ts';

export const DEMO_SCHOOL_CODE = 'demo';
export const ADMIN_ROLE_NAME = '系统管理员';

/**
 * First start: creates the demo school, its administrator role (all permissions) and the `admin` account.
 * The password comes from ADMIN_PASSWORD or is generated and printed once (then it must be changed at the first
 * sign-in); there is no fixed default.
 */
export async function seedSchool(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.firstRun) return;
  await db.transaction(async (tx) => {
    const [s] = await tx
      .insert(school)
      .values({
        code: DEMO_SCHOOL_CODE,
        name: '书苑示范学校',
        enName: 'Shuyuan Demo School',
        address: '示范路 1 号',
        learningPeriod: 'primary,junior',
        province: '北京市',
        city: '北京市',
        district: '海淀区',
        themeColor: { bgColor: '#1f3a5f', btColor: '#1677ff' },
        isDemo: true,
      })
      .returning();
    const [r] = await tx
      .insert(role)
      .values({ schoolId: s.id, name: ADMIN_ROLE_NAME, enName: 'Administrator', permissions: ['*'], isSystem: true })
      .returning();
    const password = ctx.config.adminPassword ?? generatePassword();
    const [u] = await tx
      .insert(appUser)
      .values({
        schoolId: s.id,
        account: 'admin',
        name: '管理员',
        enName: 'Administrator',
        identity: 'staff',
        passwordHash: await hashPassword(password),
        passwordChangedAt: new Date(),
        // A generated password was chosen by nobody: it is changed at the first sign-in. ADMIN_PASSWORD was.
        mustChangePassword: !ctx.config.adminPassword,
      })
      .returning();
    await tx.insert(userRole).values({ userId: u.id, schoolId: s.id, roleId: r.id });
    ctx.notices.push(
      ctx.config.adminPassword
        ? 'Sign in as admin with the password from ADMIN_PASSWORD.'
        : `Sign in as admin / ${password}  (generated now and shown only once; it must be changed at the first sign-in)`,
    );
  });
}
