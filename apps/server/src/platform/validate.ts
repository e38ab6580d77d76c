import type { Lang } from '@shuyuan/contracts/common/lang';
import { z } from 'zod';
import { invalid } from './errors.ts';
import { hasMessage, t } from './i18n/messages.ts';

const zhMap = z.locales.zhCN().localeError;
const enMap = z.locales.en().localeError;

/**
 * Parses input with a shared contract. Every failing field is reported (not just the first), in the caller's
 * language: contract messages are i18n keys; zod's own messages come from its zh/en locales.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, lang: Lang): z.infer<S> {
  const r = schema.safeParse(input, { error: (lang === 'zh' ? zhMap : enMap) as any });
  if (r.success) return r.data;
  throw invalid(
    r.error.issues.map((i) => ({
      path: i.path.join('.'),
      message: hasMessage(i.message) ? t(lang, i.message) : i.message,
    })),
  );
}
