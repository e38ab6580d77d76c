import { z } from 'zod';

/** Spec §5: mainland mobile — 1, then 3/4/5/7/8, then 9 more digits. */
export const PHONE_RE = /^1[34578]\d{9}$/;

/** Spec §9: phone is shown masked to the first 3 and last 4 digits. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Spec §5 reset form: at least 6 characters. */
export const PASSWORD_MIN_RESET = 6;
/** Spec §5 policy: more than 8 characters and at least three kinds among digits, upper, lower, special. */
export const PASSWORD_MIN_POLICY = 8;

export function passwordKinds(pw: string): number {
  let kinds = 0;
  if (/\d/.test(pw)) kinds++;
  if (/[a-z]/.test(pw)) kinds++;
  if (/[A-Z]/.test(pw)) kinds++;
  if (/[^0-9a-zA-Z]/.test(pw)) kinds++;
  return kinds;
}

/** True when the password satisfies the policy (more than 8 characters, three kinds). */
export function meetsPasswordPolicy(pw: string): boolean {
  return pw.length > PASSWORD_MIN_POLICY && passwordKinds(pw) >= 3;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** zod helpers whose messages are i18n keys (resolved by server and web alike). */
export const zPhone = z.string().trim().min(1, 'validation.phoneRequired').regex(PHONE_RE, 'validation.phoneInvalid');
export const zEmail = z.string().trim().regex(EMAIL_RE, 'validation.emailInvalid');
export const zRequired = (key: string, max = 100) => z.string().trim().min(1, key).max(max, 'validation.tooLong');
