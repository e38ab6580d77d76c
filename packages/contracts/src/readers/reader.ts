import { z } from 'zod';
import { zOptRefId, zState, zStateFilter } from '../basic/fields.ts';
import { PASSWORD_MIN_RESET, zEmail, zPhone, zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Reader identities (spec §3); 'staff' rows of app_user are not readers and never listed here. */
export const READER_IDENTITIES = ['teacher', 'student', 'parent', 'other'] as const;
export type ReaderIdentity = (typeof READER_IDENTITIES)[number];

/** Empty form fields mean "not given". */
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), s.optional());
const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'readers.reader.dateInvalid');

/** Reader form (screen /department/user-transfer). The account IS the reader barcode (spec §3). */
export const ReaderCreate = z.object({
  account: z
    .string({ error: 'readers.reader.accountRequired' })
    .trim()
    .min(1, 'readers.reader.accountRequired')
    .max(50, 'validation.tooLong')
    .regex(/^\S+$/, 'readers.reader.accountInvalid'),
  name: zRequired('readers.reader.nameRequired', 50),
  enName: optional(z.string().trim().max(100, 'validation.tooLong')),
  identity: z.enum(READER_IDENTITIES, { error: 'readers.reader.identityInvalid' }).default('student'),
  /** 0 unknown, 1 male, 2 female. */
  sex: z.coerce.number().int().min(0).max(2).default(0),
  /** Spec §5: optional, but when given it must be a mainland mobile number. */
  phone: optional(zPhone),
  email: optional(zEmail),
  birthday: optional(zDate),
  password: optional(z.string().min(PASSWORD_MIN_RESET, 'validation.passwordMin6').max(100, 'validation.tooLong')),
  departmentId: zOptRefId,
  classId: zOptRefId,
  permissionGroupId: zOptRefId,
  cardRfid: optional(z.string().trim().max(64, 'validation.tooLong')),
  // No deposit here: it moves only through recorded ledger movements (card desk IssueCard / RefundDeposit).
  validUntil: optional(zDate),
  photoUrl: optional(z.string().trim().max(500, 'validation.tooLong')),
  remark: optional(z.string().trim().max(500, 'validation.tooLong')),
  state: zState,
});
export type ReaderCreate = z.infer<typeof ReaderCreate>;

export const ReaderUpdate = ReaderCreate.extend({ id: z.coerce.number().int().positive() });
export type ReaderUpdate = z.infer<typeof ReaderUpdate>;

const optRef = z.coerce.number().int().positive().optional();
export const ReaderListQuery = ResourceListQuery.extend({
  identity: z.enum(READER_IDENTITIES).optional(),
  classId: optRef,
  gradeId: optRef,
  departmentId: optRef,
  state: zStateFilter,
});
export type ReaderListQuery = z.infer<typeof ReaderListQuery>;

export const ReaderIdBody = z.object({ id: z.coerce.number().int().positive() });
export const ReissueCardBody = ReaderIdBody.extend({ cardRfid: optional(z.string().trim().max(64)) });
export const ImportReadersBody = z.object({
  fileUrl: z.string().trim().min(1, 'readers.import.fileRequired'),
  /** Rows whose reader barcode exists update that reader (start of the school year) instead of being refused. */
  updateExisting: z.boolean().optional().default(false),
});

export interface ReaderDto {
  id: number;
  account: string;
  name: string;
  enName: string | null;
  identity: string;
  sex: number;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  departmentId: number | null;
  departmentName: string | null;
  classId: number | null;
  className: string | null;
  gradeId: number | null;
  gradeName: string | null;
  permissionGroupId: number | null;
  permissionGroupName: string | null;
  cardRfid: string | null;
  cardLost: boolean;
  /** Yuan. */
  deposit: number;
  processedAt: string | null;
  validUntil: string | null;
  photoUrl: string | null;
  remark: string | null;
  state: number;
}

/**
 * Import template columns, in order (header texts are i18n keys `readers.import.col.<key>`). The import reads
 * columns by their header (Chinese or English), so their order in a school's own sheet does not matter; the
 * reader export writes the same columns first, so an exported file can be imported again.
 */
export const READER_IMPORT_COLUMNS = [
  'account',
  'name',
  'enName',
  'identity',
  'sex',
  'className',
  'departmentName',
  'permissionGroupName',
  'phone',
  'email',
  'birthday',
  'cardRfid',
  'validUntil',
] as const;
export type ReaderImportColumn = (typeof READER_IMPORT_COLUMNS)[number];

/** Issuing (or renewing) a reader card at the card desk (/resource-mana/resource/user-transfer). */
export const IssueCardBody = ReaderIdBody.extend({
  validUntil: zDate,
  cardRfid: optional(z.string().trim().max(64, 'validation.tooLong')),
  /** Deposit collected now, in yuan (added to the reader's deposit and to the ledger). */
  deposit: z.coerce
    .number({ error: 'readers.reader.depositInvalid' })
    .min(0, 'readers.reader.depositInvalid')
    .max(100000)
    .default(0),
});
export type IssueCardBody = z.infer<typeof IssueCardBody>;

/** Paying a deposit back, in yuan. */
export const RefundDepositBody = ReaderIdBody.extend({
  amount: z.coerce.number({ error: 'readers.card.amountInvalid' }).positive('readers.card.amountInvalid'),
});
export type RefundDepositBody = z.infer<typeof RefundDepositBody>;
