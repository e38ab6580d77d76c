import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A person who signs in: staff and readers alike (spec §3 User/reader). Home school = school_id;
 * user_role rows grant access (with a role) to one or more schools.
 */
export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull(),
    /** Account / reader barcode, unique within the school. */
    account: text('account').notNull(),
    name: text('name').notNull(),
    enName: text('en_name'),
    passwordHash: text('password_hash'),
    email: text('email'),
    phone: text('phone'),
    birthday: date('birthday'),
    /** 1 male, 2 female, 0 unknown */
    sex: integer('sex').notNull().default(0),
    /** staff, teacher, student, parent, other */
    identity: text('identity').notNull().default('staff'),
    departmentId: integer('department_id'),
    /** Reader's class (org school_class); the grade is the class's grade. */
    classId: integer('class_id'),
    /** Reader permission group (org permission_group): the borrowing rules that apply. */
    permissionGroupId: integer('permission_group_id'),
    photoUrl: text('photo_url'),
    /** 'Physical card reported lost': borrowing with the physical card is refused until a re-issue. */
    cardLost: boolean('card_lost').notNull().default(false),
    /**
     * Set with card_lost when a self-check machine blocked the card (SIP2 01): the machine and its reason. Patron
     * enable (25) lifts only such a block; a re-issue at the desk clears it.
     */
    cardBlockedBy: text('card_blocked_by'),
    remark: text('remark'),
    cardRfid: text('card_rfid'),
    /** Deposit in fen. */
    deposit: integer('deposit').notNull().default(0),
    /** Processing (issue) time and valid-until (failure) time of the card. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    validUntil: date('valid_until'),
    /** 1 active, 0 disabled */
    state: integer('state').notNull().default(1),
    lang: text('lang'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The password was not chosen by its owner (demo data, set or reset by staff, an import, a generated one): every
     * API call but the password change itself answers PASSWORD_CHANGE_REQUIRED until the owner changes it.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_user_school_account_uq').on(t.schoolId, t.account),
    /** A card RFID belongs to one reader of the school (readers module); empty means no card. */
    uniqueIndex('app_user_school_rfid_uq')
      .on(t.schoolId, t.cardRfid)
      .where(sql`${t.cardRfid} is not null and ${t.cardRfid} <> ''`),
    index('app_user_account_idx').on(sql`lower(${t.account})`),
  ],
);
