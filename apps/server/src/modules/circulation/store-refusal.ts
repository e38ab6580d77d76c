import { StoreType } from '@shuyuan/contracts/catalogue/copy-state';
import { CircError } from '@shuyuan/contracts/circulation/loan';
import { fail } from '../../platform/errors.ts';

/**
 * Only copies in the circulation store (store type 2) lend or take a reservation. Every other store says
 * why in its own words: still being catalogued, weeded, only a purchase suggestion, in the turnover store,
 * lost, kept for in-library reading, or shut in an inventory check.
 */
const STORE_KEY: Record<number, string> = {
  [StoreType.CATALOGUING]: 'circ.store.cataloguing',
  [StoreType.WEEDED]: 'circ.copyWeeded',
  [StoreType.RECOMMENDED_PURCHASE]: 'circ.store.recommended',
  [StoreType.TURNOVER]: 'circ.store.turnover',
  [StoreType.LOST]: 'circ.store.lost',
  [StoreType.READING]: 'circ.store.reading',
  [StoreType.INVENTORY_CHECK]: 'circ.store.inventory',
};

/** Throws the store's refusal (COPY_WEEDED for weeded copies, COPY_STORE_REFUSED for the others). */
export function refuseUnlendableStore(c: { barcode: string; storeType: number }): void {
  if (c.storeType === StoreType.CIRCULATION) return;
  const code = c.storeType === StoreType.WEEDED ? CircError.COPY_WEEDED : CircError.COPY_STORE_REFUSED;
  throw fail(code, STORE_KEY[c.storeType] ?? 'circ.store.other', { barcode: c.barcode, store: c.storeType });
}
