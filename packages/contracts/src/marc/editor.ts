import { z } from 'zod';
import { isControlTag, MarcFlavour, type MarcRecord } from './record.ts';

/**
 * The record editor (/Marc, `P/Marc/Post`): a record as typed, loosely shaped so that every mistake is
 * reported by `marcIssues` with its field and a text, rather than as a bare shape error.
 */
export const MarcEditField = z.object({
  tag: z.string().max(10),
  value: z.string().max(99_999).optional(),
  ind1: z.string().max(5).optional(),
  ind2: z.string().max(5).optional(),
  subfields: z
    .array(z.object({ code: z.string().max(5), value: z.string().max(99_999) }))
    .max(500)
    .optional(),
});
export const MarcEditRecord = z.object({ leader: z.string().max(100), fields: z.array(MarcEditField).max(1000) });
export type MarcEditRecord = z.infer<typeof MarcEditRecord>;

/** Save a record's MARC: `id` = the catalogue record it replaces (absent: a new record). */
export const MarcSave = z.object({
  id: z.coerce.number().int().positive().optional(),
  record: MarcEditRecord,
  /** absent: detected from the fields (245 → MARC21, 200 → UNIMARC) */
  flavour: MarcFlavour.optional(),
});
export type MarcSave = z.infer<typeof MarcSave>;

/** Find the record to edit: by id, or by ISBN / barcode / title words (first match). */
export const MarcFind = z.object({
  id: z.coerce.number().int().positive().optional(),
  text: z.string().trim().max(200).optional(),
});
export type MarcFind = z.infer<typeof MarcFind>;

export interface MarcIssue {
  /** `leader`, `fields.3.tag`, `fields.3.ind1`, `fields.3.subfields.0.code`, `fields` */
  path: string;
  key: MarcEditKey;
  params?: Record<string, string | number>;
}

/** Texts of the editor's checks (server `registerMessages`, web i18n `marc.json` → `edit`). */
export const MARC_EDIT_TEXT = {
  'marc.edit.leaderLength': { zh: '头标必须为 24 个字符', en: 'The leader must be 24 characters long' },
  'marc.edit.tagInvalid': { zh: '字段号必须是 3 位数字', en: 'A tag is three digits' },
  'marc.edit.controlValue': { zh: '控制字段 {{tag}} 不能为空', en: 'Control field {{tag}} cannot be empty' },
  'marc.edit.indicatorInvalid': {
    zh: '字段 {{tag}} 的指示符必须是一个数字、小写字母或空格',
    en: 'Field {{tag}}: an indicator is one digit, lower-case letter or blank',
  },
  'marc.edit.noSubfields': { zh: '字段 {{tag}} 至少要有一个子字段', en: 'Field {{tag}} needs at least one subfield' },
  'marc.edit.codeInvalid': {
    zh: '字段 {{tag}} 的子字段代码必须是一个数字或小写字母',
    en: 'Field {{tag}}: a subfield code is one digit or lower-case letter',
  },
  'marc.edit.subfieldEmpty': {
    zh: '字段 {{tag}} 的子字段 {{code}} 不能为空',
    en: 'Field {{tag}}: subfield {{code}} cannot be empty',
  },
  'marc.edit.notRepeatable': { zh: '字段 {{tag}} 不可重复', en: 'Field {{tag}} cannot be repeated' },
  'marc.edit.titleRequired': {
    zh: '必须有题名：{{tag}} 字段的 $a',
    en: 'A title is required: subfield $a of field {{tag}}',
  },
  'marc.edit.tooLong': {
    zh: '记录超过 ISO 2709 的 99999 字节上限',
    en: 'The record is longer than the 99,999 bytes ISO 2709 allows',
  },
} as const;
export type MarcEditKey = keyof typeof MARC_EDIT_TEXT;

const TAG = /^\d{3}$/;
const INDICATOR = /^[0-9a-z ]$/;
const CODE = /^[0-9a-z]$/;
const NOT_REPEATABLE: Record<MarcFlavour, string[]> = {
  MARC21: ['001', '003', '005', '008', '245'],
  UNIMARC: ['001', '005', '100', '200'],
};
const TITLE_TAG: Record<MarcFlavour, string> = { MARC21: '245', UNIMARC: '200' };

/** UNIMARC when the record has a 200 and no 245 (what the editor can know before the server maps it). */
export const editorFlavour = (r: MarcEditRecord): MarcFlavour =>
  r.fields.some((f) => f.tag === '200') && !r.fields.some((f) => f.tag === '245') ? 'UNIMARC' : 'MARC21';

/**
 * Everything wrong with a typed record, each with its place: tags of three digits, control fields with a
 * value, indicators and subfield codes of one allowed character, no empty subfield, the non-repeatable
 * fields once, and the title ($a of 245, or 200 in UNIMARC). Shared by the editor and `P/Marc/Post`.
 */
export function marcIssues(r: MarcEditRecord, flavour: MarcFlavour = editorFlavour(r)): MarcIssue[] {
  const out: MarcIssue[] = [];
  if (r.leader.length !== 24) out.push({ path: 'leader', key: 'marc.edit.leaderLength' });
  const count = new Map<string, number>();
  r.fields.forEach((f, i) => {
    const at = `fields.${i}`;
    const tag = f.tag;
    if (!TAG.test(tag)) {
      out.push({ path: `${at}.tag`, key: 'marc.edit.tagInvalid', params: { tag } });
      return;
    }
    count.set(tag, (count.get(tag) ?? 0) + 1);
    if (count.get(tag) === 2 && NOT_REPEATABLE[flavour].includes(tag))
      out.push({ path: `${at}.tag`, key: 'marc.edit.notRepeatable', params: { tag } });
    if (isControlTag(tag)) {
      if (!f.value?.length) out.push({ path: `${at}.value`, key: 'marc.edit.controlValue', params: { tag } });
      return;
    }
    for (const k of ['ind1', 'ind2'] as const)
      if (!INDICATOR.test(f[k] ?? ' '))
        out.push({ path: `${at}.${k}`, key: 'marc.edit.indicatorInvalid', params: { tag } });
    const subs = f.subfields ?? [];
    if (!subs.length) out.push({ path: `${at}.subfields`, key: 'marc.edit.noSubfields', params: { tag } });
    subs.forEach((s, j) => {
      if (!CODE.test(s.code))
        out.push({ path: `${at}.subfields.${j}.code`, key: 'marc.edit.codeInvalid', params: { tag } });
      else if (!s.value.trim())
        out.push({
          path: `${at}.subfields.${j}.value`,
          key: 'marc.edit.subfieldEmpty',
          params: { tag, code: `$${s.code}` },
        });
    });
  });
  const titleTag = TITLE_TAG[flavour];
  const title = r.fields.find((f) => f.tag === titleTag);
  if (!title?.subfields?.some((s) => s.code === 'a' && s.value.trim()))
    out.push({ path: 'fields', key: 'marc.edit.titleRequired', params: { tag: titleTag } });
  return out;
}

/** A record without issues as the stored model (control fields keep only their value, blanks for indicators). */
export function toMarcRecord(r: MarcEditRecord): MarcRecord {
  return {
    leader: r.leader,
    fields: r.fields.map((f) =>
      isControlTag(f.tag)
        ? { tag: f.tag, value: f.value ?? '' }
        : {
            tag: f.tag,
            ind1: f.ind1 || ' ',
            ind2: f.ind2 || ' ',
            subfields: (f.subfields ?? []).map((s) => ({ code: s.code, value: s.value })),
          },
    ),
  };
}
