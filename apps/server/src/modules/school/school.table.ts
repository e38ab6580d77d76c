import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A school (unit). Everything a school owns carries its id as school_id. */
export const school = pgTable(
  'school',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    address: text('address').notNull().default(''),
    /** Learning period(s), e.g. primary, junior, senior. */
    learningPeriod: text('learning_period').notNull().default(''),
    area: text('area').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    /** {bgColor, btColor} applied to the layout. */
    themeColor: jsonb('theme_color').$type<{ bgColor?: string; btColor?: string }>(),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    parentId: integer('parent_id'),
    state: integer('state').notNull().default(1),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('school_code_uq').on(t.code)],
);
