import { z } from 'zod';
import { PASSWORD_MIN_RESET } from '../common/validators.ts';

export interface SchoolBrief {
  id: number;
  code: string;
  name: string;
  enName: string | null;
  themeColor: { bgColor?: string; btColor?: string } | null;
}

/** GET /micro/basic/v2/open/user/get: what the web app keeps in the session. */
export interface SessionUser {
  userId: number;
  account: string;
  name: string;
  enName: string | null;
  identity: string;
  SchoolID: number;
  SchoolName: string;
  schools: SchoolBrief[];
  lang: string | null;
  email: string | null;
  /** Masked: 3 leading and 4 trailing digits (spec §9). */
  phone: string;
  /**
   * The password was set by someone else (staff, an import, demo data, generated): the user must change it before
   * anything else; every other API call answers 403 PASSWORD_CHANGE_REQUIRED meanwhile.
   */
  mustChangePassword: boolean;
  /** The school's stricter password policy applies to this user (validators meetsPasswordPolicy). */
  passwordPolicy: boolean;
}

/** POST P/Readers/GetReadersInfo: the signed-in reader's own profile. */
export interface ReaderProfile {
  id: number;
  account: string;
  name: string;
  enName: string | null;
  identity: string;
  sex: number;
  email: string | null;
  phone: string;
  schoolId: number;
  departmentId: number | null;
  validUntil: string | null;
  deposit: number;
}

export const SchoolByCodeBody = z.object({ code: z.string().trim().min(1, 'auth.school.codeRequired').max(50) });
export type SchoolByCodeBody = z.infer<typeof SchoolByCodeBody>;

export const SchoolLoginBody = z.object({ schoolId: z.coerce.number().int().positive() });
export type SchoolLoginBody = z.infer<typeof SchoolLoginBody>;

/**
 * Spec §5 reset form: old, new and confirm are required; new must have at least 6 characters and agree with
 * confirm. The stricter policy (meetsPasswordPolicy) applies when the school's setting asks for it.
 */
export const UpdatePasswordBody = z
  .object({
    oldPassword: z.string().min(1, 'auth.password.oldRequired').max(200),
    newPassword: z
      .string()
      .min(1, 'auth.password.newRequired')
      .min(PASSWORD_MIN_RESET, 'validation.passwordMin6')
      .max(200),
    confirmPassword: z.string().min(1, 'auth.password.confirmRequired').max(200),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type UpdatePasswordBody = z.infer<typeof UpdatePasswordBody>;
