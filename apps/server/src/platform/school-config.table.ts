import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row: the configuration version (school-config.ts). Migration 0002 inserts it and adds the triggers that
 * move `version` to a new sequence value on every write to a configuration table.
 */
export const configVersion = pgTable('config_version', {
  /** Random per database, so two databases in one process never share remembered configuration. */
  id: text('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
