import {
  addressFits,
  type CaptureSourceCreate,
  type CaptureSourceUpdate,
  KNOWN_SOURCES,
  Z3950_SYNTAXES,
} from '@shuyuan/contracts/capture/capture';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { fail, invalid, notFound } from '../../platform/errors.ts';
import { seal } from '../../platform/secret-box.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { captureSource } from './capture.table.ts';

/** The school's copy-cataloguing sources (P/Capture/*Source*) and the well-known ones it adds with one click. */

export type Tr = (key: string, params?: Record<string, unknown>) => string;
export type Source = typeof captureSource.$inferSelect;

// ---- sources (the school's configuration) ----

/** A source as the browser sees it: the stored password never leaves the server, only whether there is one. */
const view = ({ password, ...s }: Source) => ({ ...s, hasPassword: !!password });

export async function listSources(db: Db, scope: Scope, q: { Page: number; Rows: number; SearchKey: string }) {
  const where = scope.where(
    captureSource,
    q.SearchKey ? sql`${captureSource.name} ilike ${`%${q.SearchKey.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(captureSource)
      .where(where)
      .orderBy(asc(captureSource.sort), asc(captureSource.id))
      .limit(q.Rows)
      .offset(pageOffset(q)),
    db.select({ n: count() }).from(captureSource).where(where),
  ]);
  return list(rows.map(view), n);
}

/** P/Capture/GetSource: the source without its password. */
export const getSource = async (db: Db, scope: Scope, id: number) => view(await loadSource(db, scope, id));

export async function loadSource(db: Db, scope: Scope, id: number): Promise<Source> {
  const [row] = await db
    .select()
    .from(captureSource)
    .where(scope.where(captureSource, eq(captureSource.id, id)));
  if (!row) throw notFound();
  return row;
}

/** What the kind needs: an http(s) URL for SRU; host:port, a database and a MARC syntax for Z39.50. */
function checkKind(b: CaptureSourceCreate, tr: Tr) {
  if (!addressFits(b.kind, b.baseUrl))
    throw invalid([{ path: 'baseUrl', message: tr(b.kind === 'z3950' ? 'capture.urlNotZ3950' : 'capture.urlNotSru') }]);
  if (b.kind !== 'z3950') return b;
  if (!b.database) throw invalid([{ path: 'database', message: tr('capture.databaseRequired') }]);
  // A form switched from SRU keeps 'marcxml': Z39.50 then asks for MARC21 (USMARC).
  const syntax = b.recordSchema === 'marcxml' ? 'usmarc' : b.recordSchema.toLowerCase();
  if (!(Z3950_SYNTAXES as readonly string[]).includes(syntax))
    throw invalid([{ path: 'recordSchema', message: tr('capture.syntaxInvalid') }]);
  return { ...b, recordSchema: syntax };
}

export async function addSource(db: Db, scope: Scope, input: CaptureSourceCreate, tr: Tr) {
  const { password, clearPassword: _clear, ...b } = checkKind(input, tr);
  const values = { ...b, password: password ? seal(password) : null };
  const [row] = await db.insert(captureSource).values(scope.values(values)).returning({ id: captureSource.id });
  return row;
}

/** An empty password keeps the stored one (the form never receives it); `clearPassword` removes it. */
export async function updateSource(db: Db, scope: Scope, b: CaptureSourceUpdate, tr: Tr) {
  const { id, password, clearPassword, ...rest } = { ...b, ...checkKind(b, tr) };
  const secret = clearPassword ? { password: null } : password ? { password: seal(password) } : {};
  const [row] = await db
    .update(captureSource)
    .set({ ...rest, ...secret, updatedAt: sql`now()` })
    .where(scope.where(captureSource, eq(captureSource.id, id)))
    .returning({ id: captureSource.id });
  if (!row) throw notFound();
  return row;
}

export async function deleteSources(db: Db, scope: Scope, ids: number[]) {
  const rows = await db
    .delete(captureSource)
    .where(scope.where(captureSource, inArray(captureSource.id, ids)))
    .returning({ id: captureSource.id });
  if (rows.length !== ids.length) throw notFound();
  return { count: rows.length };
}

// ---- well-known sources ----

const sameSource = (s: Pick<Source, 'kind' | 'baseUrl' | 'database'>, k: (typeof KNOWN_SOURCES)[number]) =>
  s.kind === k.kind &&
  s.baseUrl.replace(/\/+$/, '') === k.baseUrl &&
  s.database.toLowerCase() === k.database.toLowerCase();

/** The well-known sources, each with its name in the caller's language and whether the school has it. */
export async function knownSources(db: Db, scope: Scope, tr: Tr) {
  const mine = await db.select().from(captureSource).where(scope.where(captureSource));
  return KNOWN_SOURCES.map((k) => ({
    ...k,
    name: tr(`capture.known.${k.key}`),
    added: mine.some((s) => sameSource(s, k)),
  }));
}

/** Adds a well-known source, enabled, after the school's others. */
export async function addKnownSource(db: Db, scope: Scope, key: string, tr: Tr) {
  const k = KNOWN_SOURCES.find((x) => x.key === key);
  if (!k) throw invalid([{ path: 'key', message: tr('capture.knownUnknown') }]);
  const mine = await db.select().from(captureSource).where(scope.where(captureSource));
  if (mine.some((s) => sameSource(s, k))) throw fail('CAPTURE_SOURCE_EXISTS', 'capture.knownAdded');
  const sort = Math.max(0, ...mine.map((s) => s.sort)) + 1;
  const { key: _key, verified: _v, doc: _d, ...values } = k;
  const [row] = await db
    .insert(captureSource)
    .values(scope.values({ ...values, name: tr(`capture.known.${k.key}`), sort, enabled: true, timeoutMs: 10000 }))
    .returning({ id: captureSource.id });
  return row;
}
