import { type RecordCreate, yuanToFen } from '@shuyuan/contracts/catalogue/record';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { catalogueRecord } from '../catalogue/catalogue.table.ts';
import { recordMatchKeys } from '../catalogue/match-keys.ts';
import { SEARCH_DOCUMENT_VERSION } from '../catalogue/record-document.ts';
import { type SearchDocument, searchVectorSql, searchVectorText } from '../search/lib/document.ts';

/**
 * The MARC import's write: a batch of records as ONE INSERT … SELECT FROM unnest(…) with one array parameter
 * per column, instead of a VALUES list with one parameter per cell (500 records × 27 columns = 13,500
 * parameters, whose building and encoding cost more than the database's own work). The search vector is
 * written by the same statement, so a record never exists without it: read from its text (`searchVectorText`, made
 * by the worker thread), or, for a document whose tokens the text cannot carry, computed from the document
 * (`searchVectorSql`); the MARC arrives as JSON text already serialised by the worker thread.
 *
 * The columns are read from the table definition, so a column added to `catalogue_record` is written too, as
 * long as `RecordCreate` carries it under the same name (like `createRecords`' `recordRow`).
 */
export interface InsertRow {
  row: RecordCreate;
  doc: SearchDocument;
  /** `JSON.stringify(row.marc)` made beforehand (worker thread), or null */
  marcJson: string | null;
  /** `recordMatchKeys` made beforehand with the MARC (worker thread); else made here from `row` */
  matchKeys?: string[];
  /** `searchVectorText(doc)` made beforehand (worker thread); else made here */
  vector?: string | null;
}

const SKIP = new Set([
  'id',
  'schoolId',
  'search',
  'searchVersion',
  'createdAt',
  'updatedAt',
  'marc',
  'priceFen',
  'matchKeys',
]);

interface Col {
  key: string;
  name: string;
  type: string;
  fallback: unknown;
}

let cached: Col[] | null = null;
function columns(): Col[] {
  if (cached) return cached;
  const all = Object.entries(getTableColumns(catalogueRecord)) as [string, PgColumn][];
  cached = all
    .filter(([k]) => !SKIP.has(k))
    .map(([key, c]) => {
      const type = c.getSQLType();
      const literal = c.hasDefault && (typeof c.default !== 'object' || c.default === null);
      const fallback = literal ? c.default : type.endsWith('[]') ? [] : null;
      return { key, name: c.name, type, fallback };
    });
  return cached;
}

/** A PostgreSQL array literal of text elements (each quoted; null → NULL). */
export function arrayLiteral(values: (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    out += v === null ? 'NULL' : `"${v.includes('"') || v.includes('\\') ? v.replace(/["\\]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}

/** One cell as array-literal element text (before quoting). */
function cellText(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (type.endsWith('[]')) return arrayLiteral((v as unknown[]).map((x) => (x == null ? null : String(x))));
  if (type === 'boolean') return v ? 't' : 'f';
  return String(v);
}

/**
 * Texts as ONE text parameter for `string_to_array(text, sep, '')`: joined by a separator none of them contains (a
 * control character JSON text never holds raw, else a private-use one), NULL as the empty string. For the large
 * columns (the MARC JSON, the match keys' array literals): an array literal must escape every `"` of them, and that
 * escaping was the largest allocation of the import's thread (~29 kB per record in V8's `replace`, the heap's
 * saw-tooth); a join is one flat string, and the database splits it without unescaping. No value may be empty.
 */
export function joinedTexts(values: (string | null)[]): { text: string; sep: string } {
  let code = 0x1e;
  const taken = (sep: string) => values.some((v) => v?.includes(sep));
  while (taken(String.fromCharCode(code))) code = code === 0x1e ? 0x1f : code < 0xe000 ? 0xe000 : code + 1;
  const sep = String.fromCharCode(code);
  let text = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === '') throw new Error('joinedTexts: an empty value cannot be told from NULL');
    text += i ? sep + (v ?? '') : (v ?? '');
  }
  return { text, sep };
}

/**
 * One batch's INSERT: the values of the placeholders of `recordsTemplate()` (the statement's text is the same for every
 * batch and school: one array parameter per column), built without a database handle: the import builds it before
 * its transaction starts, so the transaction holds the session only for the statements themselves.
 */
export interface RecordsInsert {
  values: Record<string, unknown>;
}

const ph = (name: string) => sql.placeholder(name);

/** The INSERT with a placeholder per column array, the school and the version (`returning "id"`), in list order. */
export function recordsTemplate(): SQL {
  const cols = columns();
  const params: SQL[] = [];
  const names: SQL[] = [];
  const selects: SQL[] = [];
  cols.forEach((c, k) => {
    // Element type in the unnest: arrays travel as text and are cast per row (unnest would flatten them).
    const elem = c.type.endsWith('[]') ? 'text' : c.type;
    params.push(sql`${ph(`c${k}`)}::${sql.raw(elem)}[]`);
    names.push(sql`${sql.identifier(c.name)}`);
    selects.push(
      c.type.endsWith('[]') ? sql`u.${sql.identifier(c.name)}::${sql.raw(c.type)}` : sql`u.${sql.identifier(c.name)}`,
    );
  });
  for (const [name, type] of EXTRA)
    params.push(
      JOINED.has(name)
        ? sql`string_to_array(${ph(name)}::text, ${ph(`${name}_sep`)}::text, '')`
        : sql`${ph(name)}::${sql.raw(type)}[]`,
    );
  const u = (n: string) => sql`u.${sql.identifier(n)}`;
  // searchVectorSql interpolates the document's four texts: here the unnest's columns instead of values. COALESCE
  // evaluates it only for the rows without a vector text.
  const computed = searchVectorSql({ A: u('s_a'), B: u('s_b'), C: u('s_c'), D: u('s_d') } as unknown as SearchDocument);
  const search = sql`coalesce(u."vector"::tsvector, ${computed})`;
  const alias = [...cols.map((c) => sql.identifier(c.name)), ...EXTRA.map(([n]) => sql.identifier(n))];
  return sql`insert into ${catalogueRecord} (${sql.join(names, sql`, `)}, "price_fen", "marc", "match_keys", "search", "search_version", "school_id")
    select ${sql.join(selects, sql`, `)}, u."price_fen", u."marc"::json, u."match_keys"::text[], ${search}, ${SEARCH_DOCUMENT_VERSION}::integer, ${ph('school')}::integer
    from unnest(${sql.join(params, sql`, `)}) with ordinality as u(${sql.join(alias, sql`, `)}, "n")
    order by u."n"
    returning "id"`;
}

/** The columns after the table's: name and element type, in the unnest's order. */
const EXTRA = [
  ['price_fen', 'integer'],
  ['marc', 'text'],
  ['match_keys', 'text'],
  ['vector', 'text'],
  ['s_a', 'text'],
  ['s_b', 'text'],
  ['s_c', 'text'],
  ['s_d', 'text'],
] as const;
/** Sent as one joined text (`joinedTexts`): large, full of quotes, never empty. */
const JOINED = new Set<string>(['marc', 'match_keys']);

/** The placeholders' values of the rows' INSERT (see `RecordsInsert`). */
export function recordsInsert(scope: Scope, list: InsertRow[]): RecordsInsert {
  const values: Record<string, unknown> = { school: scope.schoolId };
  columns().forEach((c, k) => {
    const cells = list.map(({ row }) => cellText((row as Record<string, unknown>)[c.key] ?? c.fallback, c.type));
    values[`c${k}`] = arrayLiteral(cells);
  });
  const vectors = list.map((r) => (r.vector === undefined ? searchVectorText(r.doc) : r.vector));
  // The document's texts only for the rows without a vector text (the database computes theirs).
  const text = (i: number, s: string) => (vectors[i] === null ? s : null);
  const extra: Record<(typeof EXTRA)[number][0], (r: InsertRow, i: number) => string | null> = {
    price_fen: ({ row }) => (row.price === undefined ? null : String(yuanToFen(row.price))),
    marc: (r) => r.marcJson,
    match_keys: (r) => arrayLiteral(r.matchKeys ?? recordMatchKeys(r.row)),
    vector: (_, i) => vectors[i],
    s_a: (r, i) => text(i, r.doc.A),
    s_b: (r, i) => text(i, r.doc.B),
    s_c: (r, i) => text(i, r.doc.C),
    s_d: (r, i) => text(i, r.doc.D),
  };
  for (const [name] of EXTRA) {
    const cells = list.map(extra[name]);
    if (!JOINED.has(name)) values[name] = arrayLiteral(cells);
    else {
      const j = joinedTexts(cells);
      values[name] = j.text;
      values[`${name}_sep`] = j.sep;
    }
  }
  return { values };
}

/** drizzle's own path for a named statement (what `.prepare(name)` uses), for a statement built with `sql`. */
interface Internals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}
/** Templates rendered (text and placeholders) once per name: drizzle's rendering per batch was ~25 kB per record. */
const rendered = new Map<string, { sql: string; params: unknown[] }>();

/**
 * Runs a template of placeholders (rendered once, the first time its name is seen) as a named statement, parsed and
 * planned once per connection: its text is the same for any number of rows (one array parameter per column), and an
 * import sends hundreds of them (on the embedded database, ~1 ms each saved). Answers the rows' ids, sorted: serial
 * ids are taken in insertion order (ordinality order), so sorted they follow the list.
 */
export async function runTemplate(
  tx: Db,
  name: string,
  template: () => SQL,
  values: Record<string, unknown>,
): Promise<number[]> {
  const t = tx as unknown as Internals;
  let text = rendered.get(name);
  if (!text) {
    text = t.dialect.sqlToQuery(template());
    rendered.set(name, text);
  }
  const res = (await t.session.prepareQuery(text, undefined, name, false).execute(values)) as
    | { rows: { id: number }[] }
    | { id: number }[];
  const rows = Array.isArray(res) ? res : res.rows;
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Inserts the rows (in the caller's transaction); answers their ids in the order given. `statement`: the rows'
 * `recordsInsert`, when built beforehand.
 */
export async function insertRecords(
  tx: Db,
  scope: Scope,
  list: InsertRow[],
  statement: RecordsInsert = recordsInsert(scope, list),
): Promise<number[]> {
  if (!list.length) return [];
  return runTemplate(tx, 'marc_import_records', recordsTemplate, statement.values);
}
