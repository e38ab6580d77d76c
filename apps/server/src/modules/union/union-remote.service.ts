import type {
  UnionRemoteCreate,
  UnionRemoteDto,
  UnionRemoteTarget,
  UnionRemoteTest,
  UnionRemoteUpdate,
} from '@shuyuan/contracts/union/remote';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { Tr } from '../catalogue/catalogue.service.ts';
import { explainTitle, SruError, type SruTarget, searchRetrieve } from '../capture/sru-client.ts';
import { mapRecord } from '../marc/lib/map-record.ts';
import { MANAGERS, mustBeMember } from './membership.ts';
import { checkRemoteAddress, guardedGet } from './remote-http.ts';
import { unionRemote } from './union-remote.table.ts';

type Remote = typeof unionRemote.$inferSelect;

/** What the SRU client needs of a remote member: its base URL as it is (the database is in the path). */
export const sruTarget = (r: Pick<Remote, 'baseUrl' | 'version' | 'timeoutMs'>): SruTarget => ({
  baseUrl: r.baseUrl,
  database: '',
  version: r.version,
  recordSchema: 'marcxml',
  timeoutMs: r.timeoutMs,
});

/** The reason of an SRU failure in the caller's language (the capture client's coded messages). */
export const sruMessage = (e: SruError, tr: Tr) => tr(`capture.error.${e.code}`, { detail: e.detail });

/** Any failure of a remote as an SruError: what it answered could not even be read (never breaks a search). */
export const asSruError = (e: unknown) =>
  e instanceof SruError ? e : new SruError('BAD_RESPONSE', e instanceof Error ? e.message : String(e));

const dto = (r: Remote): UnionRemoteDto => ({
  id: r.id,
  unionId: r.unionId,
  name: r.name,
  baseUrl: r.baseUrl,
  version: r.version,
  timeoutMs: r.timeoutMs,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
});

/** The remote members of a union the school is a passed member of. */
export async function listRemotes(db: Db, scope: Scope, unionId: number): Promise<UnionRemoteDto[]> {
  await mustBeMember(db, scope, unionId);
  const rows = await db
    .select()
    .from(unionRemote)
    .where(eq(unionRemote.unionId, unionId))
    .orderBy(asc(unionRemote.name), asc(unionRemote.id));
  return rows.map(dto);
}

/** A remote member by id; managing it needs the union's creator or an administrator. */
async function managedRemote(db: Db, scope: Scope, id: number): Promise<Remote> {
  const [r] = await db.select().from(unionRemote).where(eq(unionRemote.id, id));
  if (!r) throw notFound();
  await mustBeMember(db, scope, r.unionId, MANAGERS);
  return r;
}

/** The address may be asked (not this machine nor a private network unless allowed; a name that resolves). */
async function checkAddress(baseUrl: string, tr: Tr) {
  try {
    await checkRemoteAddress(baseUrl);
  } catch (e) {
    if (!(e instanceof SruError)) throw e;
    const key = e.code === 'BLOCKED' ? 'union.remote.blocked' : 'union.remote.unresolved';
    throw invalid([{ path: 'baseUrl', message: tr(key, { detail: e.detail }) }]);
  }
}

const cleanUrl = (u: string) => u.trim().replace(/\/+$/, '');

async function refuseTwice(db: Db, unionId: number, baseUrl: string, exceptId?: number) {
  const [same] = await db
    .select({ name: unionRemote.name })
    .from(unionRemote)
    .where(
      and(
        eq(unionRemote.unionId, unionId),
        eq(unionRemote.baseUrl, baseUrl),
        exceptId ? ne(unionRemote.id, exceptId) : undefined,
      ),
    );
  if (same) throw fail('UNION_REMOTE_EXISTS', 'union.remote.exists', { name: same.name });
}

export async function addRemote(db: Db, scope: Scope, b: UnionRemoteCreate, tr: Tr) {
  await mustBeMember(db, scope, b.unionId, MANAGERS);
  const baseUrl = cleanUrl(b.baseUrl);
  await checkAddress(baseUrl, tr);
  await refuseTwice(db, b.unionId, baseUrl);
  const [row] = await db
    .insert(unionRemote)
    .values({ ...b, baseUrl, createdBySchoolId: scope.schoolId })
    .returning({ id: unionRemote.id });
  return row;
}

export async function updateRemote(db: Db, scope: Scope, b: UnionRemoteUpdate, tr: Tr) {
  const r = await managedRemote(db, scope, b.id);
  const baseUrl = cleanUrl(b.baseUrl);
  await checkAddress(baseUrl, tr);
  await refuseTwice(db, r.unionId, baseUrl, r.id);
  const { id, ...rest } = b;
  await db
    .update(unionRemote)
    .set({ ...rest, baseUrl, updatedAt: sql`now()` })
    .where(eq(unionRemote.id, id));
  return { id };
}

export async function deleteRemote(db: Db, scope: Scope, id: number) {
  await managedRemote(db, scope, id);
  await db.delete(unionRemote).where(eq(unionRemote.id, id));
  return { id };
}

/** A search any SRU server takes, for the test: every record (CQL), else any word when it does not know that index. */
async function oneRecord(t: SruTarget) {
  try {
    return await searchRetrieve(t, 'cql.allRecords=1', 1, guardedGet);
  } catch (e) {
    if (!(e instanceof SruError) || e.code !== 'DIAGNOSTIC') throw e;
    return searchRetrieve(t, 'the', 1, guardedGet);
  }
}

/**
 * The "test" button (managers, the form's values saved or not): explain — the server names itself — and a
 * one-record search; each says what it got or why not. "No records" is an answer (the server works).
 */
export async function testRemote(db: Db, scope: Scope, b: UnionRemoteTarget, tr: Tr): Promise<UnionRemoteTest> {
  await mustBeMember(db, scope, b.unionId, MANAGERS);
  const baseUrl = cleanUrl(b.baseUrl);
  await checkAddress(baseUrl, tr);
  const t = sruTarget({ ...b, baseUrl });
  const started = Date.now();
  const [ex, se] = await Promise.allSettled([explainTitle(t, guardedGet), oneRecord(t)]);
  const out: UnionRemoteTest = { explain: { ok: false }, search: { ok: false }, ms: 0 };
  if (ex.status === 'fulfilled') out.explain = { ok: true, title: ex.value };
  else out.explain = { ok: false, message: sruMessage(asSruError(ex.reason), tr) };
  if (se.status === 'fulfilled') {
    out.search = { ok: true, total: se.value.total, title: mapRecord(se.value.records[0]).title ?? '' };
  } else {
    const e = asSruError(se.reason);
    out.search = e.code === 'NO_RECORDS' ? { ok: true, total: 0 } : { ok: false, message: sruMessage(e, tr) };
  }
  out.ms = Date.now() - started;
  return out;
}
