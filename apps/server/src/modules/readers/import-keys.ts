import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { scanKeyIssue } from './card-rfid.ts';
import type { RawRow } from './import-rows.ts';

type Who = { name: string; account: string };
type Issue = { path: string; message: string };

/**
 * The barcodes and cards of the rows a step writes together, in file order: a row's card must not be the barcode
 * of a row before it, nor its barcode that row's card (checkScanKeys finds such readers once they are written).
 */
export class StepKeys {
  private readonly accounts = new Map<string, Who>();
  private readonly rfids = new Map<string, Who>();
  constructor(private readonly t: (k: string) => string) {}

  check(raw: RawRow, updating: boolean): Issue[] {
    const issues: Issue[] = [];
    const byAccount = raw.cardRfid ? this.accounts.get(raw.cardRfid.toLowerCase()) : undefined;
    if (byAccount) issues.push(scanKeyIssue(this.t, 'cardRfid', byAccount));
    const byRfid = !updating && raw.account ? this.rfids.get(raw.account) : undefined;
    if (byRfid) issues.push(scanKeyIssue(this.t, 'account', byRfid));
    const who = { name: raw.name, account: raw.account };
    if (raw.account) this.accounts.set(raw.account.toLowerCase(), who);
    if (raw.cardRfid) this.rfids.set(raw.cardRfid, who);
    return issues;
  }
}

/**
 * checkScanKeys for the new readers of a step in one statement: the readers of the school whose barcode is one of
 * the rows' cards (case-insensitively, as the desk scans) and whose card is one of the rows' barcodes. `issues`
 * answers a row's, in checkScanKeys' order (card, then barcode).
 */
export async function scanKeyOwners(db: Db, scope: Scope, raws: RawRow[]) {
  const rfids = [...new Set(raws.map((r) => r.cardRfid).filter(Boolean))];
  const accounts = [...new Set(raws.map((r) => r.account).filter(Boolean))];
  const byRfid = new Map<string, Who>();
  const byAccount = new Map<string, Who>();
  if (rfids.length || accounts.length) {
    // `card_rfid <> ''` lets the card look-up use the partial unique index on cards (user.table.ts).
    const res: any = await db.execute(
      sql`select k.key, true as rfid, u.name, u.account
          from unnest(${sql.param(rfids)}::text[]) k(key)
          join app_user u on u.school_id = ${scope.schoolId} and lower(u.account) = lower(k.key)
          union all
          select k.key, false, u.name, u.account
          from unnest(${sql.param(accounts)}::text[]) k(key)
          join app_user u on u.school_id = ${scope.schoolId} and u.card_rfid = k.key
            and u.card_rfid is not null and u.card_rfid <> ''`,
    );
    for (const r of (res.rows ?? res) as { key: string; rfid: boolean; name: string; account: string }[]) {
      const m = r.rfid ? byRfid : byAccount;
      if (!m.has(r.key)) m.set(r.key, { name: r.name, account: r.account });
    }
  }
  return {
    issues(t: (k: string) => string, raw: RawRow): Issue[] {
      const out: Issue[] = [];
      const rfidOwner = raw.cardRfid ? byRfid.get(raw.cardRfid) : undefined;
      if (rfidOwner) out.push(scanKeyIssue(t, 'cardRfid', rfidOwner));
      const accountOwner = raw.account ? byAccount.get(raw.account) : undefined;
      if (accountOwner) out.push(scanKeyIssue(t, 'account', accountOwner));
      return out;
    },
  };
}
