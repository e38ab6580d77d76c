import type { Lang } from '@shuyuan/contracts/common/lang';
import {
  QUERY_ROWS_MAX,
  QueryDefinition,
  type QueryDimension,
  type QueryResult,
  type QueryRow,
  type SaveQuery,
  type SavedQueryDto,
} from '@shuyuan/contracts/statistics/custom-query';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Scope } from '../../platform/tenancy.ts';
import { appUser } from '../auth/user.table.ts';
import { catalogueRecord, copy } from '../catalogue/catalogue.table.ts';
import { loan } from '../circulation/circulation.table.ts';
import { dimension } from './circulation-stats.service.ts';
import { heldWhere } from './collection.service.ts';
import { reportClock } from './context.ts';
import { copyValue } from './ledger.service.ts';
import { AT_LENDING, classLetter, fromLoans, type Join, joinsFor, loanWhere, overdueLoan } from './loan-source.ts';
import { monthQuery } from './month-rollup.ts';
import { type KeyKind, labels } from './names.ts';
import { type CountBy, rollupSource } from './rollup.ts';
import { savedQuery } from './query.table.ts';

type Dim = { key: SQL; joins: Join[]; kind?: KeyKind };
type Key = string | number | null;

/** A loan dimension: the circulation report's, plus department and year (of the loan). */
function loanDimension(d: QueryDimension, tz: string): Dim {
  if (d === 'department') return { key: sql`${AT_LENDING.department}`, joins: [], kind: 'department' };
  if (d === 'year') return { key: sql`to_char((${loan.borrowedAt} at time zone ${tz})::date, 'YYYY')`, joins: [] };
  return dimension(d as Parameters<typeof dimension>[0], loan.borrowedAt, tz);
}

/** A holdings dimension (the copies held now), as /collection-statistic groups them. */
function holdingDimension(d: QueryDimension, tz: string): Dim {
  switch (d) {
    case 'classNo':
      return { key: classLetter, joins: [], kind: 'classNo' };
    case 'location':
      return { key: sql`${copy.locationId}`, joins: [], kind: 'location' };
    case 'resourceType':
      return { key: sql`${catalogueRecord.resourceTypeId}`, joins: [], kind: 'resourceType' };
    case 'year':
      return { key: sql`extract(year from ${copy.createdAt} at time zone ${tz})::int`, joins: [] };
    default:
      return { key: sql`nullif(${catalogueRecord.language}, '')`, joins: [] };
  }
}

const LOAN_MEASURES = (today: string, tz: string): Record<string, SQL> => ({
  loans: sql`count(*)::int`,
  borrowers: sql`count(distinct ${loan.userId})::int`,
  titles: sql`count(distinct ${loan.recordId})::int`,
  renewals: sql`coalesce(sum(${loan.renewals}), 0)::int`,
  overdue: sql`(count(*) filter (where ${overdueLoan(today, tz)}))::int`,
});
const HOLDING_MEASURES: Record<string, SQL> = {
  copies: sql`count(*)::int`,
  titles: sql`count(distinct ${copy.recordId})::int`,
  value: sql`coalesce(sum(${copyValue}), 0)::bigint`,
};

/** Time keys sort as they read; named keys by their name; "none" last. */
const TIME_DIMS: readonly string[] = ['day', 'month', 'year'];

/**
 * P/Statistics/RunQuery: a custom query. Each dimension and measure is an SQL fragment of the lists above,
 * chosen by name (the definition was validated against the subject's lists); grouped by the dimensions' columns
 * by position. At most QUERY_ROWS_MAX rows; the total is counted apart (distinct counts do not add up).
 */
export async function runQuery(db: Db, scope: Scope, q: QueryDefinition, lang: Lang): Promise<QueryResult> {
  const { range, tz, today } = await reportClock(db, scope, q);
  const loans = q.subject === 'loans';
  const dims = q.dimensions.map((d) => (loans ? loanDimension(d, tz) : holdingDimension(d, tz)));
  // Loans and renewals only, by time and one side's groups: the daily rollup (rollup.ts) gives the same figures.
  const roll =
    loans && q.measures.every((m) => m === 'loans' || m === 'renewals')
      ? rollupSource(scope, q, q.dimensions as CountBy[], range)
      : undefined;
  const all = roll ? roll.sums : loans ? LOAN_MEASURES(today, tz) : HOLDING_MEASURES;
  const measures = Object.fromEntries(q.measures.map((m) => [m, all[m]]));
  const keyFields = Object.fromEntries(dims.map((d, i) => [`k${i}`, roll ? roll.keys[i] : d.key]));
  const groupBy = dims.map((_, i) => sql.raw(String(i + 1)));
  const select = (fields: Record<string, SQL>, grouped: boolean): Promise<Record<string, Key>[]> => {
    if (roll) {
      const base = db.select(fields).from(roll.table).where(roll.where);
      return (
        grouped
          ? base
              .groupBy(...groupBy)
              .having(roll.some)
              .limit(QUERY_ROWS_MAX + 1)
          : base
      ) as Promise<Record<string, Key>[]>;
    }
    if (loans) {
      const joins = joinsFor(
        q,
        dims.flatMap((d) => d.joins),
      );
      const base = fromLoans(db, fields, joins).where(loanWhere(scope, q, range, tz));
      return grouped ? base.groupBy(...groupBy).limit(QUERY_ROWS_MAX + 1) : base;
    }
    const base = db
      .select(fields)
      .from(copy)
      .innerJoin(catalogueRecord, eq(catalogueRecord.id, copy.recordId))
      .where(heldWhere(scope, q));
    return (grouped ? base.groupBy(...groupBy).limit(QUERY_ROWS_MAX + 1) : base) as Promise<Record<string, Key>[]>;
  };
  // Borrowers (with loans, renewals) by month, year and reader groups: the per-reader monthly rollup.
  const monthly =
    loans && !roll
      ? await monthQuery(db, scope, q, range, tz, q.dimensions, q.measures, QUERY_ROWS_MAX + 1)
      : undefined;
  const [rows, [sums]] = monthly
    ? [monthly.rows as Record<string, Key>[], [monthly.total]]
    : await Promise.all([select({ ...keyFields, ...measures }, true), select(measures, false)]);
  if (rows.length > QUERY_ROWS_MAX) throw fail('QUERY_TOO_MANY_ROWS', 'statistics.query.tooManyRows');
  const names = await Promise.all(
    dims.map((d, i) =>
      d.kind
        ? labels(
            db,
            scope,
            d.kind,
            rows.map((r) => r[`k${i}`]),
            lang,
          )
        : null,
    ),
  );
  const none = t(lang, 'statistics.none', undefined, scope.schoolId);
  const List: QueryRow[] = rows.map((r) => ({
    keys: dims.map((_, i) => r[`k${i}`] ?? ''),
    names: dims.map((_, i) => {
      const k = r[`k${i}`];
      return names[i] ? names[i]!.get(k)!.name : k == null ? none : String(k);
    }),
    values: Object.fromEntries(q.measures.map((m) => [m, Number(r[m])])),
  }));
  const cmp = (a: QueryRow, b: QueryRow, i: number) =>
    Number(a.keys[i] === '') - Number(b.keys[i] === '') ||
    (TIME_DIMS.includes(q.dimensions[i]) ? String(a.keys[i]) : a.names[i]).localeCompare(
      TIME_DIMS.includes(q.dimensions[i]) ? String(b.keys[i]) : b.names[i],
      undefined,
      { numeric: true },
    );
  List.sort((a, b) => cmp(a, b, 0) || (dims.length > 1 ? cmp(a, b, 1) : 0));
  return {
    period: loans ? range : undefined,
    subject: q.subject,
    dimensions: q.dimensions,
    measures: q.measures,
    List,
    total: Object.fromEntries(q.measures.map((m) => [m, Number(sums?.[m] ?? 0)])),
  };
}

const dto = (r: typeof savedQuery.$inferSelect & { creator: string | null }): SavedQueryDto => ({
  id: r.id,
  name: r.name,
  definition: r.definition as QueryDefinition,
  createdBy: r.creator ?? '',
  updatedAt: r.updatedAt.toISOString(),
});

/** The school's saved queries, newest first. */
export async function listQueries(db: Db, scope: Scope): Promise<SavedQueryDto[]> {
  const rows = await db
    .select({
      id: savedQuery.id,
      schoolId: savedQuery.schoolId,
      name: savedQuery.name,
      definition: savedQuery.definition,
      createdBy: savedQuery.createdBy,
      updatedAt: savedQuery.updatedAt,
      creator: appUser.name,
    })
    .from(savedQuery)
    .leftJoin(appUser, eq(appUser.id, savedQuery.createdBy))
    .where(scope.where(savedQuery))
    .orderBy(desc(savedQuery.updatedAt), desc(savedQuery.id));
  return rows.map(dto);
}

async function findQuery(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(savedQuery)
    .where(scope.where(savedQuery, eq(savedQuery.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Saves a query for the school (a new one, or `id` renamed/redefined). */
export async function saveQuery(db: Db, scope: Scope, b: SaveQuery, userId: number | null): Promise<{ id: number }> {
  if (b.id) {
    await findQuery(db, scope, b.id);
    await db
      .update(savedQuery)
      .set({ name: b.name, definition: b.definition, updatedAt: sql`now()` })
      .where(scope.where(savedQuery, eq(savedQuery.id, b.id)));
    return { id: b.id };
  }
  const [row] = await db
    .insert(savedQuery)
    .values(scope.values({ name: b.name, definition: b.definition, createdBy: userId }))
    .returning({ id: savedQuery.id });
  return row;
}

export async function deleteQuery(db: Db, scope: Scope, id: number): Promise<void> {
  await findQuery(db, scope, id);
  await db.delete(savedQuery).where(scope.where(savedQuery, eq(savedQuery.id, id)));
}

/** P/Statistics/RunSavedQuery: a saved query, its definition parsed again (the lists may have changed since). */
export async function runSavedQuery(db: Db, scope: Scope, id: number, lang: Lang): Promise<QueryResult> {
  const row = await findQuery(db, scope, id);
  const def = QueryDefinition.safeParse(row.definition);
  if (!def.success) throw fail('QUERY_OUTDATED', 'statistics.query.outdated');
  return { ...(await runQuery(db, scope, def.data, lang)), name: row.name, definition: def.data };
}
