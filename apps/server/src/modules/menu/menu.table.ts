import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MenuFunction } from '@shuyuan/contracts/menu/menu-types';

/**
 * The install-wide menu tree (spec §3 Menu). Built-in rows are synchronised from contracts/menu/menu-tree at
 * every start, upserted by code; fields edited through /sys/menu are listed in `edited` and left alone.
 */
export const menu = pgTable(
  'menu',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    code: text('code').notNull(),
    menuName: text('menu_name').notNull(),
    menuEnName: text('menu_en_name').notNull().default(''),
    url: text('url').notNull().default(''),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    functions: jsonb('functions').$type<MenuFunction[]>().notNull().default([]),
    hidden: boolean('hidden').notNull().default(false),
    /** 1 in use; 0 a built-in menu that the current tree no longer has. */
    state: integer('state').notNull().default(1),
    /** Seeded from the built-in tree: such menus can be hidden but not deleted. */
    builtIn: boolean('built_in').notNull().default(false),
    /** Names of fields changed locally (MenuName, icon, …) that the synchronisation keeps. */
    edited: text('edited').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menu_code_uq').on(t.code)],
);

/** Menu authorisation per school (spec §6): a row means the school is NOT authorised for that menu. */
export const schoolMenuOff = pgTable(
  'school_menu_off',
  {
    schoolId: integer('school_id').notNull(),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.menuId] })],
);
