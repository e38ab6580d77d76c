import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser } from '../auth/user.table.ts';

/** Account and name of app users by id in one query (ids of any school: callers pass ids of their own rows). */
export async function userNames(
  db: Db,
  ids: (number | null | undefined)[],
): Promise<Map<number, { account: string; name: string }>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: appUser.id, account: appUser.account, name: appUser.name })
    .from(appUser)
    .where(inArray(appUser.id, wanted));
  return new Map(rows.map((r) => [r.id, { account: r.account, name: r.name }]));
}
