import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';

/** The partial unique index on app_user (school_id, card_rfid) for non-empty RFIDs. */
export const RFID_CONSTRAINT = 'app_user_school_rfid_uq';

/** A card RFID belongs to one reader of the school: refused on `cardRfid`, naming the reader who holds it. */
export async function checkRfidFree(
  db: Db,
  scope: Scope,
  t: (k: string) => string,
  readerId: number | null,
  rfid: string | null | undefined,
): Promise<void> {
  if (!rfid) return;
  const [other] = await db
    .select({ name: appUser.name, account: appUser.account })
    .from(appUser)
    .where(scope.where(appUser, eq(appUser.cardRfid, rfid), readerId == null ? undefined : ne(appUser.id, readerId)))
    .limit(1);
  if (other)
    throw invalid([{ path: 'cardRfid', message: `${t('readers.card.rfidTaken')} ${other.name} (${other.account})` }]);
  await checkScanKeys(db, scope, t, readerId, { cardRfid: rfid });
}

/**
 * A scanned card is looked up by barcode and by RFID alike (desk, card desk): a reader's RFID must not be
 * another reader's barcode, nor a new barcode another reader's RFID, or one scan would name two readers.
 */
export async function checkScanKeys(
  db: Db,
  scope: Scope,
  t: (k: string) => string,
  readerId: number | null,
  keys: { account?: string | null; cardRfid?: string | null },
): Promise<void> {
  const notMe = readerId == null ? undefined : ne(appUser.id, readerId);
  const issues: { path: string; message: string }[] = [];
  if (keys.cardRfid) {
    const [o] = await db
      .select({ name: appUser.name, account: appUser.account })
      .from(appUser)
      .where(scope.where(appUser, sql`lower(${appUser.account}) = lower(${keys.cardRfid})`, notMe))
      .limit(1);
    if (o) issues.push(scanKeyIssue(t, 'cardRfid', o));
  }
  if (keys.account) {
    const [o] = await db
      .select({ name: appUser.name, account: appUser.account })
      .from(appUser)
      .where(scope.where(appUser, eq(appUser.cardRfid, keys.account), notMe))
      .limit(1);
    if (o) issues.push(scanKeyIssue(t, 'account', o));
  }
  if (issues.length) throw invalid(issues);
}

/** The issue of a card key that names another reader: their RFID is this barcode, or their barcode this RFID. */
export function scanKeyIssue(
  t: (k: string) => string,
  path: 'cardRfid' | 'account',
  other: { name: string; account: string },
): { path: string; message: string } {
  const key = path === 'cardRfid' ? 'readers.card.rfidIsBarcode' : 'readers.card.barcodeIsRfid';
  return { path, message: `${t(key)} ${other.name} (${other.account})` };
}

/** A lost race on the RFID index (two desks binding the same card at once) reported on the field too. */
export function mapRfidViolation(err: unknown, t: (k: string) => string): unknown {
  const e = (err as any)?.cause ?? err;
  if (e?.code !== '23505') return err;
  const name = String(e.constraint ?? e.constraint_name ?? e.message ?? '');
  if (!name.includes(RFID_CONSTRAINT)) return err;
  return invalid([{ path: 'cardRfid', message: t('readers.card.rfidTakenShort') }]);
}
