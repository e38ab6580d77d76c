/** Spec §1: Chinese (default) and English (fallback). */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';

/** Picks zh or en from a stored preference or an Accept-Language style string. */
export function pickLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  const v = value.toLowerCase();
  const first = v.split(',')[0]?.trim() ?? '';
  if (first.startsWith('en')) return 'en';
  if (first.startsWith('zh')) return 'zh';
  if (v.includes('zh')) return 'zh';
  if (v.includes('en')) return 'en';
  return DEFAULT_LANG;
}
