import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** A menu a user pinned to their home dashboard, in their order (per school: menus differ by school). */
export const homeShortcut = pgTable(
  'home_shortcut',
  {
    schoolId: integer('school_id').notNull(),
    userId: integer('user_id').notNull(),
    menuCode: text('menu_code').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.userId, t.menuCode] })],
);
