import { type LedgerKind, LossError } from '@shuyuan/contracts/losses/loss';
import { eq, sql } from 'drizzle-orm';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import type { Tx } from '../circulation/circulation.hooks.ts';
import { ledgerEntry } from './loss.table.ts';

/**
 * Records one money movement for the ledger (compensation received +, refund paid back −, deposit movement ±),
 * in the caller's transaction. Other modules (deposits, fines) record theirs through this too.
 */
export async function recordLedger(
  tx: Tx,
  scope: Scope,
  e: {
    kind: LedgerKind;
    amountFen: number;
    readerId: number | null;
    ref: string;
    operatorId: number | null;
    note?: string;
  },
): Promise<void> {
  await tx.insert(ledgerEntry).values(scope.values({ ...e, note: e.note ?? '' }));
}

/**
 * Takes `amountFen` from the reader's deposit (which must cover it: DEPOSIT_TOO_LOW with `messageKey`, given
 * `deposit` and `amount` in yuan) and records the deposit movement (−). Answers the deposit left.
 */
export async function debitDeposit(
  tx: Tx,
  scope: Scope,
  e: { readerId: number; amountFen: number; ref: string; operatorId: number | null; note?: string },
  messageKey: string,
): Promise<number> {
  const [r] = await tx
    .select({ deposit: appUser.deposit })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.id, e.readerId)))
    .for('update');
  if (!r || r.deposit < e.amountFen)
    throw fail(LossError.DEPOSIT_TOO_LOW, messageKey, {
      deposit: ((r?.deposit ?? 0) / 100).toFixed(2),
      amount: (e.amountFen / 100).toFixed(2),
    });
  await tx
    .update(appUser)
    .set({ deposit: sql`${appUser.deposit} - ${e.amountFen}`, updatedAt: new Date() })
    .where(eq(appUser.id, e.readerId));
  await recordLedger(tx, scope, {
    kind: 'deposit',
    amountFen: -e.amountFen,
    readerId: e.readerId,
    ref: e.ref,
    operatorId: e.operatorId,
    note: e.note,
  });
  return r.deposit - e.amountFen;
}
