import {
  CAPTURE_VENDORS,
  type CaptureCandidate,
  type CaptureCharset,
  type CaptureRoute,
  type CaptureSearchBody,
  type CaptureSearchResult,
} from '@shuyuan/contracts/capture/capture';
import { isValidIsbn, normalizeIsbn, toIsbn10, toIsbn13 } from '@shuyuan/contracts/marc/isbn';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list } from '../../platform/envelope.ts';
import { BizError, fail, invalid } from '../../platform/errors.ts';
import { unseal } from '../../platform/secret-box.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { detectFlavour } from '../marc/lib/flavour.ts';
import { mapRecord } from '../marc/lib/map-record.ts';
import { toRecordCreate } from '../marc/marc.convert.ts';
import { getRules } from '../marc/marc.rules.ts';
import { captureSource } from './capture.table.ts';
import { clcNumber, coverUrl, readingLevel, recordIsbns } from './marc-extract.ts';
import { loadSource, type Source, type Tr } from './sources.service.ts';
import { cqlTerm, SruError, searchRetrieve } from './sru-client.ts';
import { parseAddress, type Rpn, USE, zSearch } from './z3950-client.ts';

// ---- look-ups ----

/** A valid ISBN as 13 digits (and its ISBN-10 twin when there is one), else a field issue. */
export function checkIsbn(raw: string, tr: Tr): { isbn13: string; isbn10: string | null } {
  const n = normalizeIsbn(raw);
  if (!isValidIsbn(n)) throw invalid([{ path: 'isbn', message: tr('capture.isbnInvalid') }]);
  return { isbn13: toIsbn13(n) ?? n, isbn10: toIsbn10(n) };
}

/**
 * The sources an endpoint uses, in order: vendor endpoints only the sources tagged with their name; the
 * others the tagged ones if any, else every enabled source.
 */
async function sourcesFor(db: Db, scope: Scope, routeName: CaptureRoute, tr: Tr): Promise<Source[]> {
  const all = await db
    .select()
    .from(captureSource)
    .where(scope.where(captureSource, eq(captureSource.enabled, true)))
    .orderBy(asc(captureSource.sort), asc(captureSource.id));
  const tagged = all.filter((s) => s.vendors.includes(routeName));
  const isVendor = (CAPTURE_VENDORS as readonly string[]).includes(routeName);
  const use = isVendor || tagged.length ? tagged : all;
  if (!use.length) {
    throw fail('CAPTURE_NO_SOURCE', 'capture.noSource', { name: tr(`capture.route.${routeName}`) });
  }
  return use;
}

export interface Hit {
  source: { id: number; name: string };
  record: MarcRecord;
}

/** What is asked of a source: any of ISBN (both forms), title, author, keyword; all given must match. */
export interface SourceQuery {
  isbn13?: string;
  isbn10?: string | null;
  title?: string;
  author?: string;
  keyword?: string;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** The query as CQL: the source's ISBN index (or the bare term), dc.title, dc.creator, the bare term. */
export function toCql(s: Pick<Source, 'isbnIndex'>, q: SourceQuery): string {
  const parts: string[] = [];
  if (q.isbn13) {
    const term = (v: string) => (s.isbnIndex ? `${s.isbnIndex}=${cqlTerm(v)}` : cqlTerm(v));
    parts.push(q.isbn10 ? `${term(q.isbn13)} or ${term(q.isbn10)}` : term(q.isbn13));
  }
  if (q.title) parts.push(`dc.title=${cqlTerm(q.title)}`);
  if (q.author) parts.push(`dc.creator=${cqlTerm(q.author)}`);
  if (q.keyword) parts.push(cqlTerm(q.keyword));
  return parts.length > 1 ? parts.map((p) => `(${p})`).join(' and ') : parts[0];
}

/** The query as a type-1 query: Bib-1 ISBN (7, both forms or-ed), title (4), author (1003), any (1016), word by word. */
export function toRpn(q: SourceQuery): Rpn {
  const terms: Rpn[] = [];
  if (q.isbn13) {
    const isbn: Rpn = { use: USE.isbn, term: q.isbn13 };
    terms.push(q.isbn10 ? { op: 'or', left: isbn, right: { use: USE.isbn, term: q.isbn10 } } : isbn);
  }
  for (const w of words(q.title ?? '')) terms.push({ use: USE.title, term: w });
  for (const w of words(q.author ?? '')) terms.push({ use: USE.author, term: w });
  for (const w of words(q.keyword ?? '')) terms.push({ use: USE.any, term: w });
  return terms.reduce((left, right) => ({ op: 'and', left, right }));
}

/** Runs the query on one source (SRU or Z39.50); every failure is an SruError with a stable code. */
export async function querySource(s: Source, q: SourceQuery, max: number) {
  if (s.kind === 'z3950') {
    const addr = parseAddress(s.baseUrl);
    if (!addr) throw new SruError('UNREACHABLE', s.baseUrl);
    const r = await zSearch(
      {
        ...addr,
        database: s.database,
        syntax: s.recordSchema === 'unimarc' ? 'unimarc' : 'usmarc',
        charset: s.charset as CaptureCharset,
        timeoutMs: s.timeoutMs,
        auth: s.user ? { user: s.user, group: s.group, password: s.password ? unseal(s.password) : '' } : undefined,
      },
      toRpn(q),
      max,
    );
    return { ...r, url: `z3950://${s.baseUrl}/${s.database}` };
  }
  return searchRetrieve(s, toCql(s, q), max);
}

/** Why a source gave nothing, in the caller's language (a refused sign-in without a reason says only that). */
const errorText = (e: SruError, tr: Tr) =>
  e.code === 'REFUSED' && !e.detail
    ? tr('capture.error.REFUSED_PLAIN')
    : tr(`capture.error.${e.code}`, { detail: e.detail });

const sourceMessage = (s: Source, e: SruError, tr: Tr) => `${s.name}: ${errorText(e, tr)}`;

/** The first record any of the sources gives for the ISBN; a clear message naming what each source said. */
export async function findByIsbn(db: Db, scope: Scope, routeName: CaptureRoute, rawIsbn: string, tr: Tr) {
  const { isbn13, isbn10 } = checkIsbn(rawIsbn, tr);
  const sources = await sourcesFor(db, scope, routeName, tr);
  const problems: string[] = [];
  for (const s of sources) {
    try {
      const r = await querySource(s, { isbn13, isbn10 }, 1);
      return { hit: { source: { id: s.id, name: s.name }, record: r.records[0] } satisfies Hit, isbn13 };
    } catch (e) {
      if (!(e instanceof SruError)) throw e;
      problems.push(sourceMessage(s, e, tr));
    }
  }
  throw new BizError('CAPTURE_NOT_FOUND', 'capture.notFound', { isbn: isbn13, detail: problems.join('; ') });
}

/** The asked ISBN differs from every ISBN of the record (or the record has none): the warning, else null. */
export function isbnWarning(record: MarcRecord, asked: string | undefined, tr: Tr): string | null {
  if (!asked) return null;
  const found = recordIsbns(record);
  if (found.includes(asked)) return null;
  return tr('capture.isbnDiffers', { found: found.join(', ') || tr('capture.isbnNone'), asked });
}

export type Rules = Awaited<ReturnType<typeof getRules>>;

/**
 * The found record mapped with the school's MARC rules into the catalogue record's fields; `fields.marc` is
 * the source record itself, so a record saved from these fields keeps the MARC it was copied from. With
 * `askedIsbn`, a record whose ISBN differs carries a warning and `isbnMismatch`.
 */
export async function toFields(db: Db, scope: Scope, hit: Hit, tr: Tr, askedIsbn?: string, rules?: Map<string, Rules>) {
  const flavour = detectFlavour(hit.record);
  let r = rules?.get(flavour);
  if (!r) {
    r = await getRules(db, scope, flavour);
    rules?.set(flavour, r);
  }
  const mapped = mapRecord(hit.record, r);
  const converted = toRecordCreate(hit.record, mapped);
  if (!converted.ok) {
    throw fail('CAPTURE_BAD_RECORD', 'capture.badRecord', {
      source: hit.source.name,
      detail: converted.errors.map((m) => tr(m.key, m.params)).join('; '),
    });
  }
  const fields = converted.row;
  const level = readingLevel(hit.record);
  const clc = clcNumber(hit.record);
  const differs = isbnWarning(hit.record, askedIsbn, tr);
  return {
    source: hit.source,
    flavour,
    fields: {
      ...fields,
      classNo: clc || fields.classNo || '',
      coverUrl: fields.coverUrl || coverUrl(hit.record),
      readingLevel: fields.readingLevel || level.lexile || level.text,
      marc: hit.record,
    },
    marc: hit.record,
    isbnMismatch: !!differs,
    warnings: [...(differs ? [differs] : []), ...converted.warnings.map((w) => tr(w.key, w.params))],
  };
}

/**
 * Searches the enabled sources (or the chosen ones) at once for ISBN / title / author / keyword and lists
 * every record offered, side by side: source, title, author, publisher, year, ISBN, and whether its ISBN
 * differs from the one asked. Each source says how many it holds or why it gave nothing.
 */
export async function searchSources(db: Db, scope: Scope, b: CaptureSearchBody, tr: Tr): Promise<CaptureSearchResult> {
  const isbn = b.isbn ? checkIsbn(b.isbn, tr) : null;
  let sources = await db
    .select()
    .from(captureSource)
    .where(
      scope.where(
        captureSource,
        b.sourceIds?.length ? inArray(captureSource.id, b.sourceIds) : eq(captureSource.enabled, true),
      ),
    )
    .orderBy(asc(captureSource.sort), asc(captureSource.id));
  if (!b.sourceIds?.length) sources = sources.filter((s) => s.enabled);
  if (!sources.length) throw fail('CAPTURE_NO_SOURCE', 'capture.noSource', { name: tr('capture.route.MarcDataGrad') });
  const q: SourceQuery = { ...isbn, title: b.title, author: b.author, keyword: b.keyword };
  const answers = await Promise.allSettled(sources.map((s) => querySource(s, q, b.perSource)));
  const rules = new Map<string, Rules>();
  const out: CaptureSearchResult = { candidates: [], sources: [] };
  for (const [i, s] of sources.entries()) {
    const a = answers[i];
    if (a.status === 'rejected') {
      if (!(a.reason instanceof SruError)) throw a.reason;
      const none = a.reason.code === 'NO_RECORDS';
      out.sources.push({ id: s.id, name: s.name, ok: none, total: 0, message: sourceMessage(s, a.reason, tr) });
      continue;
    }
    out.sources.push({ id: s.id, name: s.name, ok: true, total: a.value.total });
    for (const [pos, record] of a.value.records.entries()) {
      const hit = { source: { id: s.id, name: s.name }, record };
      out.candidates.push(await candidate(db, scope, hit, `${s.id}-${pos}`, isbn?.isbn13, tr, rules));
    }
  }
  return out;
}

/** One record found, as the copy-cataloguing lists show it; one the catalogue cannot take says why (no fields). */
export async function candidate(
  db: Db,
  scope: Scope,
  hit: Hit,
  key: string,
  asked: string | undefined,
  tr: Tr,
  rules: Map<string, Rules>,
): Promise<CaptureCandidate> {
  const found = recordIsbns(hit.record);
  try {
    const f = await toFields(db, scope, hit, tr, asked, rules);
    const v = f.fields as Record<string, unknown>;
    return {
      key,
      source: hit.source,
      title: String(v.title ?? ''),
      author: String(v.author ?? ''),
      publisher: String(v.publisher ?? ''),
      pubYear: typeof v.pubYear === 'number' ? v.pubYear : null,
      isbn: found.join(', ') || String(v.isbn ?? ''),
      isbnMismatch: f.isbnMismatch,
      flavour: f.flavour,
      fields: f.fields,
      warnings: f.warnings,
    };
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
    // A record the catalogue cannot take as it is (no title…) is still shown, with why, but cannot be picked.
    const m = mapRecord(hit.record);
    return {
      key,
      source: hit.source,
      title: m.title ?? '',
      author: m.author ?? '',
      publisher: m.publisher ?? '',
      pubYear: Number.parseInt(m.year ?? '', 10) || null,
      isbn: found.join(', '),
      isbnMismatch: !!isbnWarning(hit.record, asked, tr),
      flavour: detectFlavour(hit.record),
      fields: {},
      warnings: [tr(e.msgKey, e.params)],
    };
  }
}

/** Records of the school's own catalogue with this ISBN (either form), with their copy counts. */
export async function ownByIsbn(db: Db, scope: Scope, rawIsbn: string, tr: Tr) {
  const { isbn13, isbn10 } = checkIsbn(rawIsbn, tr);
  const forms = [isbn13, ...(isbn10 ? [isbn10] : [])];
  const rows = await db
    .select({
      id: catalogueRecord.id,
      title: catalogueRecord.title,
      author: catalogueRecord.author,
      publisher: catalogueRecord.publisher,
      pubYear: catalogueRecord.pubYear,
      isbn: catalogueRecord.isbn,
      classNo: catalogueRecord.classNo,
      copies: sql<number>`(select count(*)::int from ${copy} where ${copy.recordId} = ${catalogueRecord.id})`,
    })
    .from(catalogueRecord)
    .where(scope.where(catalogueRecord, inArray(catalogueRecord.isbn, forms)))
    .orderBy(asc(catalogueRecord.id));
  return list(rows, rows.length);
}

/** Tries one source (configuration screen): what it answers for an ISBN, or why it failed. */
export async function testSource(db: Db, scope: Scope, id: number, rawIsbn: string | undefined, tr: Tr) {
  const s = await loadSource(db, scope, id);
  const { isbn13 } = checkIsbn(rawIsbn || '9787020002207', tr);
  const started = Date.now();
  try {
    const r = await querySource(s, { isbn13 }, 1);
    const f = mapRecord(r.records[0]);
    // Z39.50: what the target answered to our UTF-8 proposal (the character set it chose), when it negotiated.
    const negotiated = 'negotiated' in r ? r.negotiated : null;
    return { ok: true, total: r.total, title: f.title ?? '', ms: Date.now() - started, url: r.url, negotiated };
  } catch (e) {
    if (!(e instanceof SruError)) throw e;
    return { ok: false, message: errorText(e, tr), ms: Date.now() - started };
  }
}
