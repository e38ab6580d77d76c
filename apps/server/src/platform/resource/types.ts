import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ResourcePaths } from '@shuyuan/contracts/kit/resource';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../route.ts';

/** A table the kit can serve: an `id` primary key and, unless the resource is global, a `schoolId`. */
export type ResourceTable = PgTable & { id: PgColumn; schoolId?: PgColumn };

export type Row<T extends ResourceTable> = T['$inferSelect'];
export type Insert<T extends ResourceTable> = T['$inferInsert'];

/** What hooks receive: the request context plus the transaction the write runs in. */
export interface HookArgs<T extends ResourceTable, I = unknown> {
  ctx: Ctx<any>;
  /** The transaction of this write: hooks that write more rows use it so everything commits together. */
  db: Db;
  /** Validated contract input (create or update). */
  input: I;
  /** The row before the change (updates only). */
  existing?: Row<T>;
}

/** A uniqueness rule, checked before insert/update and reported as a field issue `duplicate`. */
export interface UniqueRule {
  /** Form field the issue is reported on (the contract's field name). */
  field: string;
  /** Server i18n key of the field's label, e.g. 'school.field.code' (used in "{{field}} already exists"). */
  labelKey: string;
  /** Columns that together must be unique (within the school unless the resource is global). */
  columns: PgColumn[];
  /** Database unique index name, so a race lost at insert time is reported the same way. */
  constraint?: string;
  /** Case-insensitive comparison for text columns. */
  ignoreCase?: boolean;
}

/** One column of the Excel export. */
export interface ExportColumn<D> {
  /** Server i18n key of the header (rendered in the caller's language). */
  labelKey: string;
  /** `zone.timeZone` is the school's time zone (IANA), for writing event times as the school reads them. */
  value: (
    dto: D,
    t: (key: string) => string,
    zone: { timeZone: string },
  ) => string | number | boolean | Date | null | undefined;
  width?: number;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : never;

/**
 * One definition → list/get/add/update/delete/export routes. See README.md in this folder.
 * TC/TU/TQ are the create, update and list contracts (packages/contracts); TD the DTO sent to clients.
 */
export interface ResourceDef<
  T extends ResourceTable,
  TC extends z.ZodType,
  TU extends z.ZodType,
  TQ extends z.ZodType,
  TD = Row<T>,
> {
  /** Route area and entity: `P/<area>/Get<entity>List`, `Add<entity>` … */
  area: string;
  entity: string;
  /** Paths the spec fixes differently (e.g. `{ list: `${P}/Config/GetTranslation` }`). */
  paths?: Partial<ResourcePaths>;
  table: T;
  /** Install-wide table (no schoolId): rows are shared by every school (e.g. the menu, the schools). */
  global?: boolean;
  /** Screen permission code; operations need `<code>:add|edit|delete|export`. */
  permission: string;
  /** Operation-log prefix: writes record `<audit>.add`, `<audit>.update`, `<audit>.delete`, `<audit>.export`. */
  audit: string;
  contracts: {
    create: TC;
    /** Must contain `id`. */
    update: TU;
    /** Extends ResourceListQuery (contracts/kit/resource.ts) with filters. */
    list: TQ;
  };
  /** Columns searched by SearchKey (ILIKE '%key%', wildcards in the key are taken literally). */
  search?: PgColumn[];
  /** Extra conditions from the list query's filter fields (undefined entries are skipped). */
  filters?: (q: Infer<TQ>, ctx: Ctx<any>) => (SQL | undefined)[];
  /** Extra row visibility for every read and write, e.g. a global table seen only partly by some callers. */
  visible?: (ctx: Ctx<any>) => SQL | undefined;
  /** Default order (default: id descending; tree lists: as given, else id ascending). */
  orderBy?: (SQL | PgColumn)[];
  unique?: UniqueRule[];
  /** Row → DTO sent to clients (default: the row as is). May be async (e.g. to join names). */
  toDto?: (row: Row<T>, ctx: Ctx<any>) => TD | Promise<TD>;
  /** Contract input → table values (default: the input without `id`). Runs inside the write transaction. */
  toValues?: (args: HookArgs<T, Infer<TC> | Infer<TU>>) => Partial<Insert<T>> | Promise<Partial<Insert<T>>>;
  hooks?: {
    /** Throw (fail/invalid) to refuse; runs in the transaction before the insert/update. */
    beforeSave?: (args: HookArgs<T, Infer<TC> | Infer<TU>>) => void | Promise<void>;
    /** Runs in the same transaction after the insert/update (e.g. create dependent rows). */
    afterSave?: (args: HookArgs<T, Infer<TC> | Infer<TU>> & { row: Row<T> }) => void | Promise<void>;
    /** Throw fail('IN_USE', 'error.inUse') to refuse; gets every row about to be deleted. */
    beforeDelete?: (args: { ctx: Ctx<any>; db: Db; rows: Row<T>[] }) => void | Promise<void>;
    /** Runs after the delete transaction committed (e.g. refresh a cache). */
    afterChange?: (ctx: Ctx<any>) => void | Promise<void>;
  };
  /** Parent column: a list with `Tree: true` answers every matching row nested under `children`. */
  tree?: { parent: PgColumn };
  /** Excel export; omit to have no Export route. */
  export?: {
    /** Server i18n key of the file name (without .xlsx). */
    fileNameKey: string;
    columns: ExportColumn<TD>[];
  };
  /** Turn generated routes off (e.g. `{ delete: false }`) when a screen has no such operation. */
  routes?: Partial<Record<'get' | 'add' | 'update' | 'delete', boolean>>;
}

/** What defineResource returns: the service functions, for hand-written routes that need the same rules. */
export interface ResourceService<T extends ResourceTable, TD> {
  list(ctx: Ctx<any>, q: Record<string, any>): Promise<{ List: TD[]; Total: number }>;
  get(ctx: Ctx<any>, id: number): Promise<TD>;
  /** Visibility condition (school scope + `visible`) for hand-written queries on the same table. */
  where(ctx: { schoolId: number } & Partial<Ctx<any>>, ...conds: (SQL | undefined)[]): SQL | undefined;
  toDto(row: Row<T>, ctx: Ctx<any>): Promise<TD>;
}
