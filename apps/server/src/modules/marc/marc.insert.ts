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
 * The INSERT of the rows, built without a database handle: the import builds it before its transaction starts, so
 * the transaction holds the session only for the statements themselves.
 */
export function recordsInsert(scope: Scope, list: InsertRow[]): SQL {
  const cols = columns();
  const params: SQL[] = [];
  const names: SQL[] = [];
  const selects: SQL[] = [];
  for (const c of cols) {
    const cells = list.map(({ row }) => cellText((row as Record<string, unknown>)[c.key] ?? c.fallback, c.type));
    // Element type in the unnest: arrays travel as text and are cast per row (unnest would flatten them).
    const elem = c.type.endsWith('[]') ? 'text' : c.type;
    params.push(sql`${arrayLiteral(cells)}::${sql.raw(elem)}[]`);
    names.push(sql`${sql.identifier(c.name)}`);
    selects.push(
      c.type.endsWith('[]') ? sql`u.${sql.identifier(c.name)}::${sql.raw(c.type)}` : sql`u.${sql.identifier(c.name)}`,
    );
  }
  const vectors = list.map((r) => (r.vector === undefined ? searchVectorText(r.doc) : r.vector));
  // The document's texts only for the rows without a vector text (the database computes theirs).
  const text = (i: number, s: string) => (vectors[i] === null ? s : null);
  const extra: [string, string, (r: InsertRow, i: number) => string | null][] = [
    ['price_fen', 'integer', ({ row }) => (row.price === undefined ? null : String(yuanToFen(row.price)))],
    ['marc', 'text', (r) => r.marcJson],
    ['match_keys', 'text', (r) => arrayLiteral(r.matchKeys ?? recordMatchKeys(r.row))],
    ['vector', 'text', (_, i) => vectors[i]],
    ['s_a', 'text', (r, i) => text(i, r.doc.A)],
    ['s_b', 'text', (r, i) => text(i, r.doc.B)],
    ['s_c', 'text', (r, i) => text(i, r.doc.C)],
    ['s_d', 'text', (r, i) => text(i, r.doc.D)],
  ];
  for (const [, type, get] of extra) params.push(sql`${arrayLiteral(list.map(get))}::${sql.raw(type)}[]`);
  const u = (n: string) => sql`u.${sql.identifier(n)}`;
  // searchVectorSql interpolates the document's four texts: here the unnest's columns instead of values. COALESCE
  // evaluates it only for the rows without a vector text.
  const computed = searchVectorSql({ A: u('s_a'), B: u('s_b'), C: u('s_c'), D: u('s_d') } as unknown as SearchDocument);
  const search = sql`coalesce(u."vector"::tsvector, ${computed})`;
  const alias = [...cols.map((c) => sql.identifier(c.name)), ...extra.map(([n]) => sql.identifier(n))];
  const query = sql`insert into ${catalogueRecord} (${sql.join(names, sql`, `)}, "price_fen", "marc", "match_keys", "search", "search_version", "school_id")
    select ${sql.join(selects, sql`, `)}, u."price_fen", u."marc"::json, u."match_keys"::text[], ${search}, ${SEARCH_DOCUMENT_VERSION}::integer, ${scope.schoolId}::integer
    from unnest(${sql.join(params, sql`, `)}) with ordinality as u(${sql.join(alias, sql`, `)}, "n")
    order by u."n"
    returning "id"`;
  return query;
}

const STATEMENT = 'marc_import_records';
/** drizzle's own path for a named statement (what `.prepare(name)` uses), for a statement built with `sql`. */
interface Internals {
  dialect: { sqlToQuery(q: SQL): unknown };
  session: {
    prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
  };
}

/**
 * Inserts the rows (in the caller's transaction); answers their ids in the order given. `statement`: the rows'
 * `recordsInsert`, when built beforehand.
 */
export async function insertRecords(
  tx: Db,
  scope: Scope,
  list: InsertRow[],
  statement: SQL = recordsInsert(scope, list),
): Promise<number[]> {
  if (!list.length) return [];
  // A named statement, parsed and planned once per connection: its text is the same for any number of rows (one
  // array parameter per column), and an import sends hundreds of them (on the embedded database, ~1 ms each saved).
  const t = tx as unknown as Internals;
  const res = (await t.session.prepareQuery(t.dialect.sqlToQuery(statement), undefined, STATEMENT, false).execute()) as
    | { rows: { id: number }[] }
    | { id: number }[];
  const rows = Array.isArray(res) ? res : res.rows;
  // Serial ids are taken in insertion order (ordinality order): sorted, they follow the list.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
