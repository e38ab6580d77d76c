import { z } from 'zod';

/** Screen /department/dept-upgrade (班级升级): view = the preview, `:upgrade` = apply. */
export const UPGRADE_SCREEN = 'department.dept-upgrade';
/** Class transfer of readers is an operation of the readers screen. */
export const READERS_SCREEN = 'department.user-transfer';

const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'readerMoves.upgrade.dateInvalid');

export interface UpgradeClassMove {
  classId: number;
  className: string;
  fromGradeId: number;
  fromGradeName: string;
  /** null = the class graduates (it is archived under its old grade with the year appended). */
  toGradeId: number | null;
  toGradeName: string | null;
  readers: number;
  /** A class of the same name already sits in the target grade (and is not moving): apply refuses. */
  conflict: boolean;
}

export interface Graduate {
  readerId: number;
  account: string;
  name: string;
  className: string;
  openLoans: number;
  overdueLoans: number;
}

export interface UpgradePreview {
  moves: UpgradeClassMove[];
  /** Readers of graduating classes, those with open loans first. */
  graduates: Graduate[];
  /** Fingerprint of the classes and grades the preview saw; apply refuses if they changed since. */
  token: string;
}

export const UpgradeApplyBody = z.object({
  token: z.string().min(1),
  /** Graduates' cards are valid until this day (school date). */
  graduateOn: zDay,
  /** Also disable graduates' accounts now (otherwise they expire on `graduateOn`). */
  disableGraduates: z.boolean().default(false),
  /** Appended to graduated class names, e.g. "2026届" (default: the year of `graduateOn` + 届 / "Class of"). */
  archiveLabel: z.string().trim().max(20).optional(),
});
export type UpgradeApplyBody = z.infer<typeof UpgradeApplyBody>;

export interface UpgradeResult {
  movedClasses: number;
  graduatedClasses: number;
  graduates: number;
  graduatesWithLoans: number;
}

/** Class transfer: selected readers to another class of the school. */
export const TransferReadersBody = z.object({
  readerIds: z.array(z.coerce.number().int().positive()).min(1, 'readerMoves.transfer.noneSelected').max(2000),
  classId: z.coerce
    .number({ error: 'readerMoves.transfer.classRequired' })
    .int()
    .positive('readerMoves.transfer.classRequired'),
});
export type TransferReadersBody = z.infer<typeof TransferReadersBody>;
