import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

/** What a message is about: loans past due, loans due in a few days, a reservation waiting on the hold shelf. */
export const REMINDER_KINDS = ['overdue', 'due_soon', 'hold_ready'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** Who started the sending: the daily schedule, or a librarian (/recall, /no-return). */
export const REMINDER_TRIGGERS = ['schedule', 'manual'] as const;

/**
 * P/Circulation/SendReminders: send now. `loanIds` = those open loans (grouped: one message per reader);
 * without them every open loan of the kind (overdue, or due within the school's reminder days).
 */
export const SendRemindersBody = z.object({
  loanIds: z.array(z.coerce.number().int().positive()).max(5000).optional(),
  kind: z.enum(['overdue', 'due_soon']).optional().default('overdue'),
  /** "Send all" of a filtered screen (/no-return, /recall): only readers of this class / grade. */
  classId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
});
export type SendRemindersBody = z.infer<typeof SendRemindersBody>;

export interface SendRemindersResult {
  /** Readers written to. */
  sent: number;
  /** Messages the SMTP server refused (logged with the reason). */
  failed: number;
  /** Readers without an e-mail address (logged). */
  noAddress: number;
  loans: number;
}

/** P/Reminder/GetDueList: open loans for the reminder screen. */
export const DueListQuery = ResourceListQuery.extend({
  kind: z.enum(['overdue', 'due_soon']).optional().default('overdue'),
  classId: z.coerce.number().int().positive().optional(),
  gradeId: z.coerce.number().int().positive().optional(),
});
export type DueListQuery = z.infer<typeof DueListQuery>;

export interface DueLoanDto {
  loanId: number;
  readerId: number;
  readerAccount: string;
  readerName: string;
  className: string | null;
  email: string | null;
  barcode: string;
  title: string;
  borrowedAt: string;
  dueDate: string;
  /** Days past the due date (negative: days left). */
  overdueDays: number;
  lastRemindedAt: string | null;
}

export const ReminderLogQuery = ResourceListQuery.extend({
  kind: z.enum(REMINDER_KINDS).optional(),
  /** Sent, or not sent (refused, no address). */
  result: z.enum(['ok', 'failed']).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export interface ReminderLogDto {
  id: number;
  kind: ReminderKind;
  trigger: (typeof REMINDER_TRIGGERS)[number];
  readerId: number;
  readerAccount: string;
  readerName: string;
  toAddress: string;
  lang: string;
  subject: string;
  loanCount: number;
  ok: boolean;
  error: string;
  operatorName: string;
  createdAt: string;
}
