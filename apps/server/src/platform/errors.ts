import type { FieldIssue } from '@shuyuan/contracts/common/envelope';
import { ErrorCode } from '@shuyuan/contracts/common/errors';

/**
 * A business error: answered as `{code≠0, success:false, msg, errorCode}` with HTTP 200 (spec §8: the client
 * shows msg), unless `status` says otherwise (401, 403, 404 for unknown routes).
 */
export class BizError extends Error {
  constructor(
    readonly errorCode: string,
    /** i18n key of the message (platform/i18n). */
    readonly msgKey: string,
    readonly params?: Record<string, unknown>,
    readonly status = 200,
    readonly issues?: FieldIssue[],
    readonly code = 1,
  ) {
    super(msgKey);
  }
}

export const notFound = (msgKey = 'error.notFound', params?: Record<string, unknown>) =>
  new BizError(ErrorCode.NOT_FOUND, msgKey, params);
export const forbidden = () => new BizError(ErrorCode.FORBIDDEN, 'error.forbidden', undefined, 403);
/** A caller whose password was set by someone else, on any route but the password change (platform/route.ts). */
export const passwordChangeRequired = () =>
  new BizError(ErrorCode.PASSWORD_CHANGE_REQUIRED, 'error.passwordChangeRequired', undefined, 403);
export const unauthorized = (msgKey = 'error.unauthorized') =>
  new BizError(ErrorCode.UNAUTHORIZED, msgKey, undefined, 401);
export const duplicate = (field: string) => new BizError(ErrorCode.DUPLICATE, 'error.duplicate', { field });
/** Invalid input on named fields; messages are i18n keys. */
export const invalid = (issues: FieldIssue[]) =>
  new BizError(ErrorCode.VALIDATION, 'error.validation', undefined, 200, issues);
export const fail = (errorCode: string, msgKey: string, params?: Record<string, unknown>) =>
  new BizError(errorCode, msgKey, params);
