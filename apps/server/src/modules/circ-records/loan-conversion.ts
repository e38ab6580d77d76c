import type { Scope } from '../../platform/tenancy.ts';
import type { Tx } from '../circulation/circulation.hooks.ts';
import { loanConversion } from './circ-records.table.ts';

/**
 * Records how and why an open loan was closed by a librarian (returned | lost | weeding), in the caller's
 * transaction. The losses module's registration (/loss-register and the lost conversion) writes its row here.
 */
export async function recordLoanConversion(
  tx: Tx,
  scope: Scope,
  c: { loanId: number; kind: 'returned' | 'lost' | 'weeding'; reason: string; operatorId: number | null },
): Promise<void> {
  await tx.insert(loanConversion).values(scope.values(c));
}
