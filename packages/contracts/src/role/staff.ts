import { z } from 'zod';
import { PASSWORD_MIN_RESET, zEmail, zPhone, zRequired } from '../common/validators.ts';

/** Spec §5 reset form: at least 6 characters (the school's policy may ask more; the server checks that). */
const zNewPassword = z.string().min(PASSWORD_MIN_RESET, 'validation.passwordMin6').max(100, 'validation.tooLong');
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), s.optional());

/** A staff account of the current school, created straight into a role (screen /department/permission/role). */
export const StaffUserCreate = z.object({
  account: z
    .string()
    .trim()
    .min(1, 'role.staff.accountRequired')
    .max(50, 'validation.tooLong')
    .regex(/^\S+$/, 'role.staff.accountInvalid'),
  name: zRequired('role.staff.nameRequired', 50),
  enName: optional(z.string().trim().max(100, 'validation.tooLong')),
  email: optional(zEmail),
  phone: optional(zPhone),
  password: zNewPassword,
  roleId: z.number().int().positive(),
});
export type StaffUserCreate = z.infer<typeof StaffUserCreate>;

export const UserPasswordReset = z.object({ userId: z.number().int().positive(), password: zNewPassword });
export type UserPasswordReset = z.infer<typeof UserPasswordReset>;

/** 1 active, 0 disabled (a disabled account cannot sign in and its tokens stop working). */
export const UserStateChange = z.object({
  userId: z.number().int().positive(),
  state: z.union([z.literal(0), z.literal(1)]),
});
export type UserStateChange = z.infer<typeof UserStateChange>;
