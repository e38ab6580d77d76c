import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A union of schools of this deployment (spec "union with its resources and users"). Owned by no one school (no
 * school_id): its members are in union_member; `creator_school_id` is informative, the creator is the member
 * whose role is 'creator' (it can hand the role over).
 */
export const schoolUnion = pgTable(
  'school_union',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    creatorSchoolId: integer('creator_school_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('school_union_name_uq').on(t.name)],
);

/**
 * A school's membership of a union: its application (or invitation) state, its union role and what it shares.
 * `location_ids` / `resource_type_ids` null = all (still subject to the school's resource rules "can view").
 * Union lending (next) reads `share = 'lending'` and adds its own tables keyed by union_id and the two schools.
 */
export const unionMember = pgTable(
  'union_member',
  {
    id: serial('id').primaryKey(),
    unionId: integer('union_id')
      .notNull()
      .references(() => schoolUnion.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').notNull(),
    /** 'creator' | 'admin' | 'member' */
    role: text('role').notNull().default('member'),
    /** 'pending' | 'rejected' | 'passed' */
    status: text('status').notNull().default('pending'),
    /** 'applied' | 'invited' */
    origin: text('origin').notNull().default('applied'),
    /** 'catalogue' | 'lending' */
    share: text('share').notNull().default('catalogue'),
    locationIds: integer('location_ids').array(),
    resourceTypeIds: integer('resource_type_ids').array(),
    message: text('message').notNull().default(''),
    reason: text('reason').notNull().default(''),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('union_member_uq').on(t.unionId, t.schoolId),
    index('union_member_school_idx').on(t.schoolId, t.status),
    // One creator per union.
    uniqueIndex('union_member_creator_uq').on(t.unionId).where(sql`role = 'creator'`),
  ],
);
