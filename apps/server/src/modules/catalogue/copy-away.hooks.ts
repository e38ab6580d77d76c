import { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';

/** Where the school's borrowed copies are when no loan of its own explains it: copy id → the school that has it. */
type AwayLookup = (db: Db, scope: Scope, copyIds: number[]) => Promise<Map<number, string>>;

let lookup: AwayLookup | undefined;

/** Union lending names the school a union-lent copy is at (modules/union/union-copy-away.ts). */
export function registerAwayLookup(fn: AwayLookup): void {
  lookup = fn;
}

/**
 * The copy list's rows with `awayAt` (the school) on copies lent to another school: one statement, only when the
 * page holds a borrowed copy.
 */
export async function withAwayAt<R extends { id: number; circState: string }>(db: Db, scope: Scope, rows: R[]) {
  const ids = rows.filter((r) => r.circState === CircState.BORROWED).map((r) => r.id);
  if (!lookup || !ids.length) return rows;
  const away = await lookup(db, scope, ids);
  return rows.map((r) => (away.has(r.id) ? { ...r, awayAt: away.get(r.id) } : r));
}
