import { z } from 'zod';
import { P } from '../common/paths.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Screen /sys/transition (translation management). */
export const TRANSLATION_PERMISSION = 'sys.transition';

/** Spec §7 paths (the list is `GetTranslation`, not the kit's `GetTranslationList`). */
export const TRANSLATION_PATHS = {
  list: `${P}/Config/GetTranslation`,
  add: `${P}/Config/AddTranslation`,
  update: `${P}/Config/UpdateTranslation`,
  delete: `${P}/Config/DeleteTranslation`,
  export: `${P}/Config/ExportTranslation`,
  /** Public: the overrides in force for the caller's school, {zh:{key:text}, en:{key:text}}. */
  overrides: `${P}/Search/Translation`,
  /** The server's own message keys with their built-in texts (the web page adds its i18next keys). */
  serverKeys: `${P}/Config/GetTranslationKeys`,
} as const;

/** An i18n key: dotted segments, e.g. 'circulation.desk.borrow' or 'error.notFound'. */
export const TRANSLATION_KEY_RE = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

const text = z.string().max(2000, 'validation.tooLong').optional().default('');

const TranslationBase = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'system.transition.form.keyRequired')
    .max(200, 'validation.tooLong')
    .regex(TRANSLATION_KEY_RE, 'system.transition.form.keyInvalid'),
  zh: text,
  en: text,
  /** true: applies to every school of the install (only the install's first school may set it). */
  allSchools: z.boolean().optional().default(false),
});

const needText = (v: { zh: string; en: string }) => Boolean(v.zh.trim() || v.en.trim());
const textIssue = { message: 'system.transition.form.textRequired', path: ['zh'] };

export const TranslationCreate = TranslationBase.refine(needText, textIssue);
export type TranslationCreate = z.infer<typeof TranslationCreate>;

export const TranslationUpdate = TranslationBase.extend({ id: z.number().int().positive() }).refine(
  needText,
  textIssue,
);
export type TranslationUpdate = z.infer<typeof TranslationUpdate>;

export const TranslationListQuery = ResourceListQuery.extend({
  /** 'school' = this school's overrides, 'all' = install-wide ones; empty = both. */
  range: z.enum(['school', 'all']).optional(),
});
export type TranslationListQuery = z.infer<typeof TranslationListQuery>;

export interface Translation {
  id: number;
  key: string;
  zh: string;
  en: string;
  allSchools: boolean;
  updatedAt: string;
}

export type TranslationOverrides = { zh: Record<string, string>; en: Record<string, string> };

export interface ServerKey {
  key: string;
  zh: string;
  en: string;
}
