import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BACKUP_LINK_SECONDS } from '@shuyuan/contracts/backup/backup';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { derivedKey } from '../../platform/secret-box.ts';

/**
 * Download links of backups (README "Who"). A ticket is `<payload>.<signature>`: the payload (base64url JSON)
 * names the backup, who asked, when the link expires and a random nonce; the signature is an HMAC under a key
 * derived from the secret key, so any server sharing SECRET_KEY accepts it and nobody can make one. A ticket is
 * used once: its nonce is recorded in `rate_count` (key `backup-link|<nonce>`, kept until the link expires; the
 * hourly purge removes it later) by one insert that only the first use wins, across every server process.
 */
export interface LinkTicket {
  /** Backup file name. */
  n: string;
  /** User who asked, and the school they acted in (for the log). */
  u: number;
  s: number;
  /** Expiry, ms since the epoch. */
  e: number;
  /** Random nonce: what makes it single-use. */
  r: string;
  /** The asker's language: a refusal page speaks it. */
  l: Lang;
}

export type TicketProblem = 'backup.linkForged' | 'backup.linkExpired' | 'backup.linkUsed';

const sign = (payload: string) => createHmac('sha256', derivedKey('backup-link')).update(payload).digest();

export function issueTicket(
  who: { name: string; userId: number; schoolId: number; lang: Lang },
  now = Date.now(),
): LinkTicket & { ticket: string } {
  const t: LinkTicket = {
    n: who.name,
    u: who.userId,
    s: who.schoolId,
    e: now + BACKUP_LINK_SECONDS * 1000,
    r: randomBytes(16).toString('base64url'),
    l: who.lang,
  };
  const payload = Buffer.from(JSON.stringify(t)).toString('base64url');
  return { ...t, ticket: `${payload}.${sign(payload).toString('base64url')}` };
}

/** Reads a ticket: its content when the signature holds, otherwise 'backup.linkForged'. */
export function readTicket(ticket: string | undefined): LinkTicket | TicketProblem {
  const [payload, sig, ...rest] = (ticket ?? '').split('.');
  if (!payload || !sig || rest.length) return 'backup.linkForged';
  const want = sign(payload);
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return 'backup.linkForged';
  try {
    const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkTicket;
    if (typeof t.n !== 'string' || typeof t.e !== 'number' || typeof t.r !== 'string') return 'backup.linkForged';
    return t;
  } catch {
    return 'backup.linkForged';
  }
}

/**
 * Checks a ticket and uses it up: its content, or why it is refused (forged, expired, used). Only the first call
 * with a valid ticket, on any server, gets its content.
 */
export async function useTicket(
  db: Db,
  ticket: string | undefined,
  now = Date.now(),
): Promise<LinkTicket | TicketProblem> {
  const t = readTicket(ticket);
  if (typeof t === 'string') return t;
  if (t.e <= now) return 'backup.linkExpired';
  const won = await rowsOf<{ key: string }>(
    db,
    sql`insert into rate_count (key, n, reset_at) values (${`backup-link|${t.r}`}, 1, ${new Date(t.e).toISOString()})
        on conflict (key) do nothing returning key`,
  );
  return won.length ? t : 'backup.linkUsed';
}
