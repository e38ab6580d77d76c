import { type SQL, sql } from 'drizzle-orm';
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
 * statement whose parts vary passes a name per shape.
 */
export async function runNamed<T = Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const d = db as unknown as { session: Session; dialect: Dialect };
  const r = (await d.session.prepareQuery(d.dialect.sqlToQuery(query), undefined, name, false).execute()) as {
    rows: T[];
  };
  return r.rows;
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
