import type { LedgerKind } from '@shuyuan/contracts/losses/loss';
import type { Scope } from '../../platform/tenancy.ts';
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
