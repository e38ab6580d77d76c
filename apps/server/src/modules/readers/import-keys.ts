import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
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

/**
 * New readers in one `insert … select from json_populate_recordset` (conflicts skipped, like `onConflictDoNothing`),
 * answering the barcodes written. drizzle's multi-row insert makes one parameter per cell, and building its SQL for a
 * 64-row step took 5–13 ms of this thread (where a desk's request waits); one JSON text costs a fraction of a
 * millisecond. A column no row sets takes its default, as drizzle's insert does; rows must set the same columns
 * (readerValues' do), else drizzle's insert is used.
 */
export async function insertReaders(db: Db, values: Record<string, unknown>[]): Promise<string[]> {
  if (!values.length) return [];
  const columns = getTableColumns(appUser) as Record<string, { name: string }>;
  const keys = Object.keys(columns).filter((k) => values.some((v) => v[k] !== undefined));
  if (values.some((v) => keys.some((k) => v[k] === undefined)) || Object.keys(values[0]).some((k) => !columns[k])) {
    const rows = await db
      .insert(appUser)
      .values(values as (typeof appUser.$inferInsert)[])
      .onConflictDoNothing()
      .returning({ account: appUser.account });
    return rows.map((r) => r.account);
  }
  const json = JSON.stringify(values.map((v) => Object.fromEntries(keys.map((k) => [columns[k].name, v[k]]))));
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  const res: any = await db.execute(
    sql`insert into app_user (${names}) select ${names} from json_populate_recordset(null::app_user, ${json}::json)
        on conflict do nothing returning account`,
  );
  return ((res.rows ?? res) as { account: string }[]).map((r) => r.account);
}
