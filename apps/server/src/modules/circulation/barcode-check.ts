import { BizError } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { validateBarcode } from '../printing/barcode-rules.service.ts';
import type { Tx } from './circulation.hooks.ts';

/**
 * A scanned barcode that matches no copy: if it breaks the school's book barcode rule (wrong check digit,
 * prefix, length), that is the refusal — a typing or scanning error, not a missing book.
 */
export async function checkScannedBarcode(tx: Tx, scope: Scope, barcode: string): Promise<void> {
  const check = await validateBarcode(tx, scope, barcode, 'book');
  if (!check.ok) throw new BizError(check.code, check.key, check.params);
}
