import {
  Column,
  is,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  Subquery,
  Table,
  View,
} from 'drizzle-orm';
import { isPgEnum } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { Scope } from '../platform/tenancy.ts';

/**
 * The desk's hot statements, built once. Rendering a drizzle query (the builder, its selection, `sqlToQuery`) costs
 * more CPU than PostgreSQL spends running these indexed look-ups — the profile of a loan + return showed drizzle's
 * query building as the largest item of the server's own code. A statement is built the first time it runs, with
 * placeholders (`sql.placeholder(name)`) for every value, and from then on only executed with its values, as a
 * named statement (so PostgreSQL also parses and plans it once per connection).
 *
 * Tenancy: the builder gets `SCHOOL`, a Scope whose school is the placeholder `school`, and the statement is run
 * with the caller's Scope, whose school fills it — a built statement can never carry one school's id to another.
 * A name stands for one SQL text: a statement whose shape varies needs one name per shape.
 */
export const SCHOOL = new Scope(sql.placeholder('school') as unknown as number);

type Values = Record<string, unknown>;
interface Prepared<R> {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Values): Promise<R>;
}
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean,
  ): Prepared<unknown>;
}
interface Dialect {
  sqlToQuery(query: SQL): { sql: string; params: unknown[] };
}

/**
 * A raw statement (`sql`…, e.g. a write with `with` parts) run as a named statement, so PostgreSQL parses and plans
 * it once per connection; its rows as the driver gives them (dates as text). `name` stands for one SQL text: a
 * statement whose parts vary passes a name per shape. The text is rendered once per name (`namedText`); later calls
 * only collect the statement's values (`valuesOf`), which costs a fraction of drizzle's rendering.
 */
export async function runNamed<T = Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as { session: Session; dialect: Dialect };
  const text = namedText(db, name, query);
  const r = (await d.session
    .prepareQuery({ sql: text, params: valuesOf(query, db, name, text) }, undefined, name, false)
    .execute()) as { rows: T[] };
  return r.rows;
}

/** The rendered SQL text of each name (one text per name: node-postgres refuses a name reused for another text). */
const texts = new Map<string, { text: string; values: number }>();
/** Under tests every statement is also rendered in full and compared with its cached text and collected values. */
const CHECK = !!process.env.VITEST;

/** The SQL text of the named statement `query`, rendered by drizzle the first time the name is seen. */
export function namedText(db: Db, name: string, query: SQL): string {
  const known = texts.get(name);
  if (known && !CHECK) return known.text;
  const { sql: text, params } = (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(query);
  if (known && known.text !== text) throw new Error(`Named statement ${name} changed its text`);
  texts.set(name, { text, values: params.length });
  return text;
}

/**
 * The values drizzle's `sqlToQuery` would bind for `query`, in order, without rendering its text: the same walk over
 * its parts (nested SQL, lists, parameters with their encoders, placeholders, inlined SQL), minus the strings. As
 * many as the text has, or it throws (a list of another length under the same name: a name per shape is needed).
 */
function valuesOf(query: SQL, db: Db, name: string, text: string): unknown[] {
  const out: unknown[] = [];
  collect(query.queryChunks, out, inlined(query));
  if (out.length !== texts.get(name)?.values) throw new Error(`Named statement ${name} changed its shape`);
  if (CHECK) {
    const { sql: rendered, params } = (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(query);
    const same = params.length === out.length && params.every((p, i) => p === out[i] || sameJson(p, out[i]));
    if (rendered !== text || !same) throw new Error(`Named statement ${name}: values collected differ from drizzle's`);
  }
  return out;
}

const sameJson = (a: unknown, b: unknown) => typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b);
const inlined = (q: SQL) => (q as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** drizzle's SQL.buildQueryFromSourceParams (0.45), keeping only the values; the same order of checks. */
function collect(chunks: readonly unknown[], out: unknown[], inline: boolean): void {
  for (const chunk of chunks) {
    if (chunk === undefined || is(chunk, StringChunk) || is(chunk, Name)) continue;
    if (Array.isArray(chunk)) collect(chunk, out, inline);
    else if (is(chunk, SQL)) collect(chunk.queryChunks, out, inline || inlined(chunk));
    else if (is(chunk, Table) || is(chunk, Column) || is(chunk, View)) continue;
    else if (is(chunk, Param)) {
      if (is(chunk.value, Placeholder)) out.push(chunk);
      else {
        const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (is(mapped, SQL)) collect([mapped], out, inline);
        else if (!inline) out.push(mapped);
      }
    } else if (is(chunk, Placeholder)) out.push(chunk);
    else if (is(chunk, SQL.Aliased) && chunk.fieldAlias !== undefined) continue;
    else if (is(chunk, Subquery)) {
      if (!chunk._.isWith) collect([chunk._.sql], out, inline);
    } else if (isPgEnum(chunk)) continue;
    else if (isSQLWrapper(chunk)) collect([chunk.getSQL()], out, inline);
    else if (!inline) out.push(chunk);
  }
}

/** A select built by `build(db, SCHOOL)` (ending in `.prepare(name)`), run as `run(db, scope, values)`. */
export function statement<R>(name: string, build: (db: Db, school: Scope) => { execute(values?: Values): Promise<R> }) {
  let built: Prepared<R> | undefined;
  return (db: Db, scope: Scope, values: Values = {}): Promise<R> => {
    const all = { ...values, school: scope.schoolId };
    if (!built) {
      built = build(db, SCHOOL) as unknown as Prepared<R>;
      return built.execute(all);
    }
    // The built text and result mapping, bound to this handle's connection (a transaction's, or the pool's).
    const q = (db as unknown as { session: Session }).session.prepareQuery(
      { sql: built.queryString, params: built.params },
      built.fields,
      name,
      true,
    );
    q.joinsNotNullableMap = built.joinsNotNullableMap;
    return q.execute(all) as Promise<R>;
  };
}
