import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * A node of a classification scheme. CLC and Dewey rows are install-wide (school_id null); a school's
 * custom classification carries its school_id. Codes are unique per (scheme, school), nulls not distinct
 * so that the import's ON CONFLICT also works for install-wide rows.
 */
export const clcClass = pgTable(
  'clc_class',
  {
    id: serial('id').primaryKey(),
    scheme: text('scheme').notNull(),
    schoolId: integer('school_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    parentCode: text('parent_code'),
    /** Position in the source file, so children list in the scheme's own order (B-4 before B0). */
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('clc_class_scheme_school_code_uq').on(t.scheme, t.schoolId, t.code).nullsNotDistinct(),
    index('clc_class_parent_idx').on(t.scheme, t.parentCode, t.sort),
    // Code-prefix look-up ('I24%') needs pattern ops unless the collation is C.
    index('clc_class_code_prefix_idx').on(t.scheme, t.code.op('text_pattern_ops')),
    index('clc_class_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);
