import type { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import type { CopyRow, Tx } from './circulation.hooks.ts';
import { loan } from './circulation.table.ts';
import { checkScannedBarcode } from './barcode-check.ts';

/**
 * The copy (by barcode, or by RFID tag) with its record's title and resource type, locked FOR UPDATE: two desks scanning one copy queue
 * up here. Unknown barcode → the school's barcode rule is asked first, so a typing error (wrong check digit,
 * prefix, length) is reported as such; a well-formed unknown barcode → COPY_NOT_FOUND.
 */
export async function lockCopy(tx: Tx, scope: Scope, barcode: string) {
  const [c] = await tx
    .select({ copy, title: catalogueRecord.title, resourceTypeId: catalogueRecord.resourceTypeId })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, or(eq(copy.barcode, barcode), and(eq(copy.rfid, barcode), ne(copy.rfid, '')))))
    .orderBy(copy.id)
    .limit(1)
    .for('update', { of: copy });
  if (!c) {
    await checkScannedBarcode(tx, scope, barcode);
    throw fail(CircError.COPY_NOT_FOUND, 'circ.copyNotFound', { barcode });
  }
  return c;
}

/**
 * Moves the locked copy to `to`, bumping its version (catalogue's optimistic check sees the change). No version
 * condition: we hold the row lock, and a hook of the same transaction may already have touched the row.
 */
export async function moveCopy(tx: Tx, c: CopyRow, to: CircState) {
  await tx
    .update(copy)
    .set({ circState: to, version: sql`${copy.version} + 1`, updatedAt: new Date() })
    .where(eq(copy.id, c.id));
}

/** The open loan of a copy, locked, with its reader's account and name. */
export async function findOpenLoan(tx: Tx, scope: Scope, copyId: number) {
  const [l] = await tx
    .select({ loan, account: appUser.account, name: appUser.name })
    .from(loan)
    .innerJoin(appUser, eq(appUser.id, loan.userId))
    .where(scope.where(loan, eq(loan.copyId, copyId), isNull(loan.returnedAt)))
    .for('update', { of: loan });
  return l;
}

export async function lockOpenLoan(tx: Tx, scope: Scope, copyId: number, barcode: string) {
  const l = await findOpenLoan(tx, scope, copyId);
  if (!l) throw fail(CircError.LOAN_NOT_FOUND, 'circ.loanNotFound', { barcode });
  return l;
}
