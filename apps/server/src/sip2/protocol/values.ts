import type { Lang } from '@shuyuan/contracts/common/lang';

/** Helpers for the fixed-field value conventions of SIP2 (Y/N flags, counts, status strings). */
export const yn = (b: boolean | undefined) => (b ? 'Y' : 'N');
/** Y/N/U fields (magnetic media, desensitize): null or undefined = unknown. */
export const ynu = (b: boolean | null | undefined) => (b == null ? 'U' : b ? 'Y' : 'N');
export const bit = (b: boolean) => (b ? '1' : '0');

/** A 4-digit count; blanks when unknown (no source answered), never an invented zero. */
export const count4 = (n: number | undefined) =>
  n === undefined ? '    ' : String(Math.max(0, Math.min(9999, Math.trunc(n)))).padStart(4, '0');

/** The 14 positions of "patron status", in spec order; each is 'Y' when true, else a blank. */
export const PATRON_STATUS_FLAGS = [
  'chargePrivilegesDenied',
  'renewalPrivilegesDenied',
  'recallPrivilegesDenied',
  'holdPrivilegesDenied',
  'cardReportedLost',
  'tooManyItemsCharged',
  'tooManyItemsOverdue',
  'tooManyRenewals',
  'tooManyClaimsOfItemsReturned',
  'tooManyItemsLost',
  'excessiveOutstandingFines',
  'excessiveOutstandingFees',
  'recallOverdue',
  'tooManyItemsBilled',
] as const;
export type PatronStatusFlag = (typeof PATRON_STATUS_FLAGS)[number];
export type PatronStatus = Partial<Record<PatronStatusFlag, boolean>>;

export function formatPatronStatus(s: PatronStatus): string {
  return PATRON_STATUS_FLAGS.map((f) => (s[f] ? 'Y' : ' ')).join('');
}

export function parsePatronStatus(v: string): PatronStatus {
  const out: PatronStatus = {};
  PATRON_STATUS_FLAGS.forEach((f, i) => {
    if (v[i] === 'Y') out[f] = true;
  });
  return out;
}

/** The "summary" of a 63 request: which item list the machine wants (first 'Y' wins). */
export const SUMMARY_LISTS = ['hold', 'overdue', 'charged', 'fine', 'recall', 'unavailable'] as const;
export type SummaryList = (typeof SUMMARY_LISTS)[number];

export function parseSummary(v: string): SummaryList | undefined {
  const i = v.indexOf('Y');
  return i >= 0 && i < SUMMARY_LISTS.length ? SUMMARY_LISTS[i] : undefined;
}

/** SIP2 language codes we map: 001 English, 019 Chinese; 000 = unknown. */
export function sipLanguage(lang: Lang): string {
  return lang === 'en' ? '001' : '019';
}

export function langFromSip(code: string | undefined): Lang | undefined {
  if (code === '001' || code === '024') return 'en';
  if (code === '019' || code === '027') return 'zh';
  return undefined;
}

/**
 * BX "supported messages", 16 positions in spec order: patron status, checkout, checkin, block patron, SC/ACS
 * status, request resend, login, patron information, end patron session, fee paid, item information, item status
 * update, patron enable, hold, renew, renew all.
 */
export const SUPPORTED_MESSAGES = 'YYYYYYYYYNYNYNYY';

/** Money in fen as SIP's decimal text ("12.50"). */
export const money = (fen: number | undefined) => (fen === undefined ? undefined : (fen / 100).toFixed(2));
