import type { FieldIssue } from '@shuyuan/contracts/common/envelope';
import { ErrorCode } from '@shuyuan/contracts/common/errors';
import type { Lang } from '@shuyuan/contracts/common/lang';
import { z } from 'zod';
import { BizError, invalid } from './errors.ts';
import { hasMessage, registerMessages, t } from './i18n/messages.ts';

const zhMap = z.locales.zhCN().localeError;
const enMap = z.locales.en().localeError;

registerMessages({
  'validation.maxLength': { zh: '不能超过 {{max}} 个字符', en: 'At most {{max}} characters' },
  'validation.nulCharacter': {
    zh: '含有不允许的字符（NUL，编码 0），请删除后重试',
    en: 'Contains a character that is not allowed (NUL, code 0); remove it and retry',
  },
});

/**
 * Parses input with a shared contract. Every failing field is reported (not just the first), in the caller's
 * language: contract messages are i18n keys; zod's own messages come from its zh/en locales.
 *
 * Two rules apply to every contract:
 * - A NUL character anywhere in the input (a value or a key) is refused before parsing, with HTTP 400: the
 *   database cannot store it, and the same character in a search box would otherwise fail deep in a query.
 * - A string over its maximum length says so with the limit. A contract's `z.string({ message })` (the
 *   "required" text) is zod's fallback for every check of that string without its own message, so without this
 *   rule a 501-character title would be told "please enter a title".
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.infer<S> {
  const nul = nulPaths(input);
  if (nul.length) {
    throw new BizError(
      ErrorCode.VALIDATION,
      'error.validation',
      undefined,
      400,
      nul.map((path) => ({ path, message: t(lang, 'validation.nulCharacter') })),
    );
  }
  const r = schema.safeParse(input, { error: (lang === 'zh' ? zhMap : enMap) as any });
  if (r.success) return r.data;
  throw invalid(r.error.issues.map((i) => issueOf(i, lang)));
}

function issueOf(i: z.core.$ZodIssue, lang: Lang): FieldIssue {
  const path = i.path.join('.');
  if (i.code === 'too_big' && i.origin === 'string') {
    return { path, message: t(lang, 'validation.maxLength', { max: Number(i.maximum) }) };
  }
  return { path, message: hasMessage(i.message) ? t(lang, i.message) : i.message };
}

const MAX_DEPTH = 32;

/** Paths of the strings (or keys) holding a NUL character, e.g. `SearchKey`, `rows.3.title`. */
export function nulPaths(input: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string, depth: number) => {
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(path);
      return;
    }
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k++) walk(v[k], path ? `${path}.${k}` : String(k), depth + 1);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k.replaceAll('\u0000', '')}` : k.replaceAll('\u0000', '');
      if (k.includes('\u0000')) found.push(p);
      else walk(x, p, depth + 1);
    }
  };
  walk(input, '', 0);
  return found;
}
