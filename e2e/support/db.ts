import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { appUser } from '../../apps/server/src/modules/auth/user.table.ts';
import { school } from '../../apps/server/src/modules/school/school.table.ts';
import { hashPassword } from '../../apps/server/src/platform/password.ts';

/**
 * Adds a staff account to the demo school, holding no role yet, straight into a STOPPED server's PGlite data
 * folder (the folder is locked while the server runs). Used because no screen or API creates staff accounts
 * yet (only a new school's administrator is created, with the all-permissions system role).
 */
export async function addStaffUser(
  dataDir: string,
  u: { account: string; password: string; name: string; enName?: string },
): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [demo] = await database.db.select({ id: school.id }).from(school).where(eq(school.code, 'demo')).limit(1);
    const [row] = await database.db
      .insert(appUser)
      .values({
        schoolId: demo.id,
        account: u.account,
        name: u.name,
        enName: u.enName,
        identity: 'staff',
        passwordHash: await hashPassword(u.password),
        passwordChangedAt: new Date(),
      })
      .returning({ id: appUser.id });
    return row.id;
  } finally {
    await database.close();
  }
}
