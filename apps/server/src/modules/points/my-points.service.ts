import type { MyPoints, MyPointsQuery } from '@shuyuan/contracts/points/points';
import { maskName } from '@shuyuan/contracts/statistics/charts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { pointBalance, pointEntry } from './points.table.ts';
import { balanceRows } from './points.service.ts';

/**
 * The reader's own points for /user/integral: balance, rank and size of their class, their ledger (newest first),
 * and the class's top ten with every other child's name masked. Manual entries show their reason.
 */
export async function myPoints(db: Db, scope: Scope, userId: number): Promise<MyPoints> {
  const [me] = await db
    .select({ classId: appUser.classId })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, userId)));
  const classId = me?.classId ?? null;
  const mates = classId ? await balanceRows(db, scope, { classId, SearchKey: '' }) : [];
  const mine = mates.find((r) => r.userId === userId);
  const [own] = await db
    .select({ balance: pointBalance.balance })
    .from(pointBalance)
    .where(scope.where(pointBalance, eq(pointBalance.userId, userId)));
  return {
    balance: own?.balance ?? 0,
    classRank: mine?.classRank ?? null,
    classSize: classId ? mates.length : null,
    className: mine?.className ?? null,
    classTop: mates.slice(0, 10).map((r) => ({
      rank: r.classRank ?? 0,
      name: r.userId === userId ? r.name : maskName(r.name),
      balance: r.balance,
      me: r.userId === userId,
    })),
  };
}

/** A page of the reader's own ledger, newest first (manual entries show their reason). */
export async function myPointEntries(db: Db, scope: Scope, userId: number, q: MyPointsQuery) {
  const where = scope.where(pointEntry, eq(pointEntry.userId, userId));
  const rows = await db
    .select({
      id: pointEntry.id,
      event: pointEntry.event,
      points: pointEntry.points,
      balanceAfter: pointEntry.balanceAfter,
      note: pointEntry.note,
      day: pointEntry.day,
    })
    .from(pointEntry)
    .where(where)
    .orderBy(desc(pointEntry.id))
    .limit(q.Rows)
    .offset(pageOffset(q));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(pointEntry).where(where);
  return list(rows, count?.n ?? 0);
}
