import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { FREQUENCIES, SERIAL_KINDS } from './pattern.ts';

/** ISSN as printed (1234-567X); the last character is a check digit (mod 11, X = 10). */
export const ISSN_RE = /^\d{4}-?\d{3}[\dXx]$/;

/** Normalises an ISSN to 1234-567X (upper-case X, with the hyphen). */
export function normaliseIssn(s: string): string {
  const d = s.replace(/[^\dXx]/g, '').toUpperCase();
  return d.length === 8 ? `${d.slice(0, 4)}-${d.slice(4)}` : s.trim();
}

/** True when the ISSN's eighth character is its check digit. */
export function issnValid(s: string): boolean {
  if (!ISSN_RE.test(s.trim())) return false;
  const d = s.replace('-', '').trim().toUpperCase();
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(d[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  return d[7] === (check === 10 ? 'X' : String(check));
}

const text = (max: number) => z.string().trim().max(max, 'validation.tooLong').default('');
const fen = z.coerce.number().int().min(0, 'serials.title.priceInvalid').max(100_000_000).nullish();

/** A periodical title (期刊库): the spec's required fields are the title, the postal code and the language. */
export const TitleCreate = z.object({
  kind: z.enum(SERIAL_KINDS).default('magazine'),
  title: z
    .string({ error: 'serials.title.titleRequired' })
    .trim()
    .min(1, 'serials.title.titleRequired')
    .max(200, 'validation.tooLong'),
  issn: z
    .string()
    .trim()
    .max(9, 'serials.title.issnInvalid')
    .refine((s) => s === '' || issnValid(s), 'serials.title.issnInvalid')
    .transform((s) => (s === '' ? '' : normaliseIssn(s)))
    .default(''),
  cnNumber: text(40),
  postalCode: z
    .string({ error: 'serials.title.postalCodeRequired' })
    .trim()
    .min(1, 'serials.title.postalCodeRequired')
    .max(20, 'validation.tooLong')
    .regex(/^[\dA-Za-z-]*$/, 'serials.title.postalCodeInvalid'),
  publisher: text(200),
  frequency: z.enum(FREQUENCIES, { error: 'serials.pattern.frequencyRequired' }).default('monthly'),
  pricePerIssueFen: fen,
  pricePerYearFen: fen,
  language: z
    .string({ error: 'serials.title.languageRequired' })
    .trim()
    .min(1, 'serials.title.languageRequired')
    .max(20, 'validation.tooLong'),
  classNo: text(40),
  ceased: z.boolean().default(false),
  note: text(500),
});
export type TitleCreate = z.infer<typeof TitleCreate>;
export const TitleUpdate = TitleCreate.extend({ id: z.coerce.number().int().positive() });
export type TitleUpdate = z.infer<typeof TitleUpdate>;

export const TitleListQuery = ResourceListQuery.extend({
  kind: z.enum(SERIAL_KINDS).optional(),
  frequency: z.enum(FREQUENCIES).optional(),
  ceased: z.boolean().optional(),
});
export type TitleListQuery = z.infer<typeof TitleListQuery>;

export interface TitleDto {
  id: number;
  kind: (typeof SERIAL_KINDS)[number];
  recordId: number | null;
  title: string;
  issn: string;
  cnNumber: string;
  postalCode: string;
  publisher: string;
  frequency: (typeof FREQUENCIES)[number];
  pricePerIssueFen: number | null;
  pricePerYearFen: number | null;
  language: string;
  classNo: string;
  ceased: boolean;
  note: string;
}
