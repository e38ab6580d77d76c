import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type {
  RemoteHit,
  RemoteStatus,
  UnionCopyRemote,
  UnionRemoteSearchQuery,
  UnionRemoteSearchResult,
} from '@shuyuan/contracts/union/remote';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import type { PrepareRecord, Tr } from '../catalogue/catalogue.service.ts';
import { recordMatchKeys } from '../catalogue/match-keys.ts';
import { candidate, type Rules, toFields } from '../capture/capture.service.ts';
import { cqlTerm, searchRetrieve } from '../capture/sru-client.ts';
import { mustBeMember } from './membership.ts';
import { guardedGet } from './remote-http.ts';
import { ownMatches, saveCopied } from './union-catalog.service.ts';
import { asSruError, sruMessage, sruTarget } from './union-remote.service.ts';
import { unionRemote } from './union-remote.table.ts';

const INDEX: Record<string, string> = { title: 'dc.title', author: 'dc.creator', isbn: 'bath.isbn' };

/**
 * The search box as CQL: title → dc.title, author → dc.creator, ISBN → bath.isbn (spaces and hyphens dropped),
 * anything else the bare term (cql.serverChoice: the server's default index).
 */
export function remoteCql(q: Pick<UnionRemoteSearchQuery, 'SearchKey' | 'field'>): string {
  const index = q.field ? INDEX[q.field] : undefined;
  const term = q.field === 'isbn' ? q.SearchKey.replace(/[\s-]/g, '') : q.SearchKey;
  return index ? `${index}=${cqlTerm(term)}` : cqlTerm(term);
}

/**
 * Union search over the union's enabled remote members, all at once over SRU (each within its own timeout): their
 * records with the remote's name, and per remote its status — how many it holds, or why it gave nothing. A remote
 * that fails never fails the answer. `catalog` (union cataloguing) adds each record's MARC (what "copy" sends back)
 * and the school's own record its match keys find.
 */
export async function remoteSearch(
  db: Db,
  scope: Scope,
  q: UnionRemoteSearchQuery,
  tr: Tr,
  opts: { catalog?: boolean } = {},
): Promise<UnionRemoteSearchResult> {
  await mustBeMember(db, scope, q.unionId);
  if (!q.SearchKey) return { List: [], remotes: [] };
  const remotes = await db
    .select()
    .from(unionRemote)
    .where(and(eq(unionRemote.unionId, q.unionId), eq(unionRemote.enabled, true)))
    .orderBy(asc(unionRemote.name), asc(unionRemote.id));
  const cql = remoteCql(q);
  const answers = await Promise.all(
    remotes.map(async (r) => {
      const started = Date.now();
      try {
        const res = await searchRetrieve(sruTarget(r), cql, q.perRemote, guardedGet);
        return { res, ms: Date.now() - started };
      } catch (e) {
        return { error: asSruError(e), ms: Date.now() - started };
      }
    }),
  );
  const rules = new Map<string, Rules>();
  const List: (RemoteHit & { fields: Record<string, unknown> })[] = [];
  const statuses: RemoteStatus[] = [];
  for (const [i, r] of remotes.entries()) {
    const { res, error, ms } = answers[i];
    if (!res) {
      const none = error?.code === 'NO_RECORDS';
      statuses.push({
        id: r.id,
        name: r.name,
        ok: none,
        total: 0,
        ms,
        message: none ? undefined : sruMessage(error!, tr),
      });
      continue;
    }
    statuses.push({ id: r.id, name: r.name, ok: true, total: res.total, ms });
    for (const [pos, record] of res.records.entries()) {
      const c = await candidate(
        db,
        scope,
        { source: { id: r.id, name: r.name }, record },
        `${r.id}-${pos}`,
        undefined,
        tr,
        rules,
      );
      List.push({
        key: c.key,
        remoteId: r.id,
        remoteName: r.name,
        title: c.title,
        author: c.author,
        publisher: c.publisher,
        pubYear: c.pubYear,
        isbn: c.isbn,
        classNo: String(c.fields.classNo ?? ''),
        copyable: Object.keys(c.fields).length > 0,
        warnings: c.warnings,
        ...(opts.catalog ? { marc: record } : {}),
        fields: c.fields,
      });
    }
  }
  const own = opts.catalog
    ? await ownMatches(
        db,
        scope,
        List.map((h) => (h.copyable ? recordMatchKeys(h.fields as unknown as RecordCreate) : [])),
        tr,
      )
    : [];
  return {
    List: List.map(({ fields: _f, ...h }, i) => (opts.catalog ? { ...h, ownMatch: own[i] } : h)),
    remotes: statuses,
  };
}

/**
 * Copies a remote member's record into the school: built from its MARC with the school's MARC rules (capture's
 * `getRules → mapRecord → toRecordCreate`), as copy cataloguing does; the school's own book number and default
 * resource type. Refused while the school holds a record with one of its match keys, unless `force`.
 */
export async function copyRemoteRecord(db: Db, scope: Scope, b: UnionCopyRemote, tr: Tr, prepare: PrepareRecord) {
  await mustBeMember(db, scope, b.unionId);
  const [r] = await db
    .select({ id: unionRemote.id, name: unionRemote.name })
    .from(unionRemote)
    .where(and(eq(unionRemote.id, b.remoteId), eq(unionRemote.unionId, b.unionId)));
  if (!r) throw notFound();
  const { fields } = await toFields(db, scope, { source: r, record: b.marc }, tr);
  return saveCopied(db, scope, fields, b.force, tr, prepare);
}
