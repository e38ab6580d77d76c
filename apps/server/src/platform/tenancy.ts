import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

type Owned = { schoolId: PgColumn };

/**
 * The one place a query is scoped to a school. Handlers and services never write their own
 * `where school_id = …`: they call `scope.where(table, …)` and `scope.values(…)`.
 */
export class Scope {
  constructor(readonly schoolId: number) {}

  /** `school_id = current AND …conds` */
  where(table: Owned, ...conds: (SQL | undefined)[]): SQL {
    return and(eq(table.schoolId, this.schoolId), ...conds)!;
  }

  /** Row values for an insert, stamped with the current school. */
  values<T extends object>(v: T): T & { schoolId: number } {
    return { ...v, schoolId: this.schoolId };
  }
}
