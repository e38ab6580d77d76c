import { z } from 'zod';

/**
 * Sign-in (spec §5: account, password and verification code are required, each with its own message).
 * Messages are i18n keys, resolved by the server (registerMessages) and by the web (i18n/<lang>/auth.json).
 */
export const LoginBody = z.object({
  /** The provider's interaction id, from /library/#/auth?uid=… */
  uid: z.string().trim().min(1, 'auth.login.sessionExpired').max(100),
  account: z.string().trim().min(1, 'auth.login.accountRequired').max(100, 'validation.tooLong'),
  password: z.string().min(1, 'auth.login.passwordRequired').max(200, 'validation.tooLong'),
  captchaId: z.string().trim().max(100).optional().default(''),
  /** Required when the server's captcha is on (checked by the server, message auth.login.captchaRequired). */
  captcha: z.string().trim().max(20).optional().default(''),
  /** Asked for only when the account exists in several schools (errorCode SCHOOL_REQUIRED). */
  schoolCode: z.string().trim().max(50).optional().default(''),
});
export type LoginBody = z.infer<typeof LoginBody>;

export interface LoginResult {
  /** Where the browser goes next: the provider's resume address, which ends at /library/callback. */
  redirectTo: string;
}

export interface CaptchaImage {
  captchaId: string;
  /** data:image/png;base64,… (a distorted raster picture) */
  image: string;
}

/** Stable errorCodes of sign-in (besides VALIDATION and SCHOOL_REQUIRED). */
export const LoginError = {
  BAD_CREDENTIALS: 'BAD_CREDENTIALS',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  SCHOOL_REQUIRED: 'SCHOOL_REQUIRED',
  SCHOOL_NOT_FOUND: 'SCHOOL_NOT_FOUND',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
} as const;

/** Spec: 5 wrong passwords lock the account for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
