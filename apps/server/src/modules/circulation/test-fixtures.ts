import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { setting } from '../settings/setting.table.ts';
import { loanRule } from './circulation.table.ts';

/** Test data for circulation: readers, copies, rules and the overdue mode, inserted directly. */
export async function makeReader(
  db: Db,
  scope: Scope,
  over: Partial<typeof appUser.$inferInsert> = {},
): Promise<{ id: number; account: string }> {
  const account = over.account ?? `R${randomBytes(4).toString('hex')}`;
  const [u] = await db
    .insert(appUser)
    .values(scope.values({ account, name: `Reader ${account}`, identity: 'student', phone: '13812345678', ...over }))
    .returning();
  return { id: u.id, account };
}

/** `n` available copies of one new record, in the circulation store (2); returns their barcodes. */
export async function makeCopies(db: Db, scope: Scope, n: number, locationId: number | null = null): Promise<string[]> {
  const [r] = await db
    .insert(catalogueRecord)
    .values(scope.values({ title: `Book ${randomBytes(3).toString('hex')}` }))
    .returning();
  const barcodes = Array.from({ length: n }, () => `C${randomBytes(5).toString('hex')}`);
  await db
    .insert(copy)
    .values(barcodes.map((barcode) => scope.values({ recordId: r.id, barcode, locationId, storeType: 2 })));
  return barcodes;
}

export async function addRule(db: Db, scope: Scope, rule: Partial<typeof loanRule.$inferInsert>): Promise<void> {
  await db.insert(loanRule).values(scope.values({ maxLoans: 5, loanDays: 30, renewDays: 15, maxRenewals: 1, ...rule }));
}

export async function setSetting(db: Db, scope: Scope, key: string, value: unknown): Promise<void> {
  await db
    .insert(setting)
    .values(scope.values({ key, value }))
    .onConflictDoUpdate({ target: [setting.schoolId, setting.key], set: { value } });
}

export const setOverdueMode = (db: Db, scope: Scope, mode: string) => setSetting(db, scope, 'circ.overdueMode', mode);
