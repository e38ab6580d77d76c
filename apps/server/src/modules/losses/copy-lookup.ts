import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { findOpenLoan } from '../circulation/loan-locks.ts';

/**
 * What the loss-register screen shows after a scan: the copy, its state, who has it on loan (due date) and a
 * suggested compensation — the copy's unit price, else the record's price (fen; the librarian may change it).
 */
export async function copyForLoss(db: Db, scope: Scope, barcode: string) {
  const [c] = await db
    .select({ copy, title: catalogueRecord.title, author: catalogueRecord.author, priceFen: catalogueRecord.priceFen })
    .from(copy)
    .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
    .where(scope.where(copy, eq(copy.barcode, barcode)));
  if (!c) throw fail('COPY_NOT_FOUND', 'circ.copyNotFound', { barcode });
  const open = await findOpenLoan(db as any, scope, c.copy.id);
  return {
    copyId: c.copy.id,
    barcode: c.copy.barcode,
    title: c.title,
    author: c.author,
    circState: c.copy.circState,
    callNo: c.copy.callNo,
    suggestedFen: c.copy.unitPriceFen ?? c.priceFen ?? null,
    loan: open
      ? { id: open.loan.id, readerAccount: open.account, readerName: open.name, dueDate: open.loan.dueDate }
      : null,
  };
}
