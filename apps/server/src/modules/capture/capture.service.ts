import type { CaptureRoute, CaptureSourceCreate, CaptureSourceUpdate } from '@shuyuan/contracts/capture/capture';
import { CAPTURE_VENDORS } from '@shuyuan/contracts/capture/capture';
import { isValidIsbn, normalizeIsbn, toIsbn10, toIsbn13 } from '@shuyuan/contracts/marc/isbn';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { list, pageOffset } from '../../platform/envelope.ts';
import { BizError, fail, invalid, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { detectFlavour } from '../marc/lib/flavour.ts';
import { mapRecord } from '../marc/lib/map-record.ts';
import { toRecordCreate } from '../marc/marc.convert.ts';
import { getRules } from '../marc/marc.rules.ts';
import { captureSource } from './capture.table.ts';
import { clcNumber, coverUrl, readingLevel } from './marc-extract.ts';
import { cqlTerm, SruError, searchRetrieve } from './sru-client.ts';

export type Tr = (key: string, params?: Record<string, unknown>) => string;
type Source = typeof captureSource.$inferSelect;

// ---- sources (the school's configuration) ----

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
  return list(rows, n);
}

export async function getSource(db: Db, scope: Scope, id: number): Promise<Source> {
  const [row] = await db
    .select()
    .from(captureSource)
    .where(scope.where(captureSource, eq(captureSource.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function addSource(db: Db, scope: Scope, b: CaptureSourceCreate) {
  const [row] = await db.insert(captureSource).values(scope.values(b)).returning({ id: captureSource.id });
  return row;
}

export async function updateSource(db: Db, scope: Scope, b: CaptureSourceUpdate) {
  const { id, ...rest } = b;
  const [row] = await db
    .update(captureSource)
    .set({ ...rest, updatedAt: sql`now()` })
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

/** The first record any of the sources gives for the ISBN; a clear message naming what each source said. */
export async function findByIsbn(db: Db, scope: Scope, routeName: CaptureRoute, rawIsbn: string, tr: Tr) {
  const { isbn13, isbn10 } = checkIsbn(rawIsbn, tr);
  const sources = await sourcesFor(db, scope, routeName, tr);
  const problems: string[] = [];
  for (const s of sources) {
    const term = (v: string) => (s.isbnIndex ? `${s.isbnIndex}=${cqlTerm(v)}` : cqlTerm(v));
    const cql = isbn10 ? `${term(isbn13)} or ${term(isbn10)}` : term(isbn13);
    try {
      const r = await searchRetrieve(s, cql, 1);
      return { hit: { source: { id: s.id, name: s.name }, record: r.records[0] } satisfies Hit, isbn13 };
    } catch (e) {
      if (!(e instanceof SruError)) throw e;
      problems.push(`${s.name}: ${tr(`capture.error.${e.code}`, { detail: e.detail })}`);
    }
  }
  throw new BizError('CAPTURE_NOT_FOUND', 'capture.notFound', { isbn: isbn13, detail: problems.join('; ') });
}

/**
 * The found record mapped with the school's MARC rules into the catalogue record's fields; `fields.marc` is
 * the source record itself, so a record saved from these fields keeps the MARC it was copied from.
 */
export async function toFields(db: Db, scope: Scope, hit: Hit, tr: Tr) {
  const flavour = detectFlavour(hit.record);
  const mapped = mapRecord(hit.record, await getRules(db, scope, flavour));
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
    warnings: converted.warnings.map((w) => tr(w.key, w.params)),
  };
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
  const s = await getSource(db, scope, id);
  const { isbn13 } = checkIsbn(rawIsbn || '9787020002207', tr);
  const cql = s.isbnIndex ? `${s.isbnIndex}=${cqlTerm(isbn13)}` : cqlTerm(isbn13);
  const started = Date.now();
  try {
    const r = await searchRetrieve(s, cql, 1);
    const f = mapRecord(r.records[0]);
    return { ok: true, total: r.total, title: f.title ?? '', ms: Date.now() - started, url: r.url };
  } catch (e) {
    if (!(e instanceof SruError)) throw e;
    return { ok: false, message: tr(`capture.error.${e.code}`, { detail: e.detail }), ms: Date.now() - started };
  }
}
