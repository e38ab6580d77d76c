import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operationLog } from './audit.table.ts';
import type { Ctx } from './route.ts';

const SECRET = /password|secret|token|captcha/i;

/** Keys of the request that identify the record and what changed (values of secrets are never kept). */
function summarize(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (SECRET.test(k)) continue;
    if (/^(ID|IDs|id|ids|.*Id|.*ID)$/.test(k)) out[k] = v;
  }
  out.keys = Object.keys(body).filter((k) => !SECRET.test(k));
  return out;
}

function operationRow(ctx: Ctx<any>, action: string, body: unknown) {
  return {
    schoolId: ctx.schoolId,
    userId: ctx.user?.userId ?? null,
    account: ctx.user?.account ?? null,
    userName: ctx.user?.name ?? null,
    action,
    path: ctx.req.url.split('?')[0],
    detail: { ...summarize(body), ...ctx.auditDetail },
    ip: ctx.req.ip,
    requestId: String(ctx.req.id),
  };
}

/** Writes one operation-log row for a successful write call. */
export async function recordOperation(db: Db, ctx: Ctx<any>, action: string, body: unknown): Promise<void> {
  await db.insert(operationLog).values(operationRow(ctx, action, body));
}

/**
 * The same row as an `insert` to run inside a statement of the handler's own (a data-modifying `with` part): a
 * hot command writes its log without a round trip of its own. With `when` (SQL of that statement), the row is
 * written only when it holds.
 */
export function operationInsert(ctx: Ctx<any>, action: string, body: unknown, when?: SQL): SQL {
  const r = operationRow(ctx, action, body);
  const row = sql`${r.schoolId}, ${r.userId}, ${r.account}, ${r.userName}, ${r.action}, ${r.path}, ${JSON.stringify(r.detail)}::jsonb, ${r.ip}, ${r.requestId}`;
  return sql`insert into ${operationLog} ("school_id", "user_id", "account", "user_name", "action", "path", "detail", "ip", "request_id")
    ${when ? sql`select ${row} where ${when}` : sql`values (${row})`}`;
}
