/**
 * Stable error codes the server sends as `errorCode` and the web client maps to its own messages.
 * The server's i18n table (apps/server/src/platform/i18n) gives each a zh and en text.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  SCHOOL_FORBIDDEN: 'SCHOOL_FORBIDDEN',
  SCHOOL_REQUIRED: 'SCHOOL_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  DUPLICATE: 'DUPLICATE',
  CONFLICT: 'CONFLICT',
  INTERNAL: 'INTERNAL',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  /** The caller's password was set by someone else: only the password change (and a few routes) answer. */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});
