import { z } from 'zod';

/**
 * The in-memory MARC record shared by server and web (record editor, preview). Strings are always
 * Unicode: MARC-8 input is converted when read, and writers always emit UTF-8 (leader/9 = 'a').
 * A control field (tags 001–009) has a value; a data field has indicators and subfields.
 */
export const MarcSubfield = z.object({ code: z.string().length(1), value: z.string() });
export const MarcControlField = z.object({ tag: z.string().length(3), value: z.string() });
export const MarcDataField = z.object({
  tag: z.string().length(3),
  ind1: z.string().length(1),
  ind2: z.string().length(1),
  subfields: z.array(MarcSubfield),
});
export const MarcField = z.union([MarcControlField, MarcDataField]);
export const MarcRecord = z.object({ leader: z.string().length(24), fields: z.array(MarcField) });

export type MarcSubfield = z.infer<typeof MarcSubfield>;
export type MarcControlField = z.infer<typeof MarcControlField>;
export type MarcDataField = z.infer<typeof MarcDataField>;
export type MarcField = MarcControlField | MarcDataField;
export type MarcRecord = z.infer<typeof MarcRecord>;

export const isControlField = (f: MarcField): f is MarcControlField => 'value' in f;
export const isDataField = (f: MarcField): f is MarcDataField => 'subfields' in f;

/** Control fields are 001–009 in MARC21 and UNIMARC alike (also 00A… seen in the wild). */
export const isControlTag = (tag: string): boolean => tag.startsWith('00');

/** MARC21 (LoC) or UNIMARC, which CNMARC (China) and CMARC (Taiwan) follow. */
export const MarcFlavour = z.enum(['MARC21', 'UNIMARC']);
export type MarcFlavour = z.infer<typeof MarcFlavour>;

/**
 * Why a record could not be read. Stable codes: the import report lists them and the web maps each to
 * its own zh/en text (`marc.error.<CODE>`).
 */
export const MarcErrorCode = z.enum([
  'TRUNCATED_RECORD', // input ended before the record terminator, or shorter than a leader
  'BAD_LEADER', // record length or base address is not a number
  'RECORD_LENGTH_MISMATCH', // leader/0-4 disagrees with the bytes up to the record terminator
  'BAD_BASE_ADDRESS', // base address outside the record or not after the directory
  'BAD_DIRECTORY', // directory not a multiple of 12, or an entry is not numeric
  'FIELD_OUT_OF_BOUNDS', // a directory entry points past the end of the record
  'FIELD_LENGTH_MISMATCH', // a field does not end with the field terminator where its length says
  'INVALID_UTF8', // leader/9 says UTF-8 but the bytes are not
  'XML_MALFORMED', // MARCXML that is not well-formed
  'XML_BAD_RECORD', // a MARCXML record without a leader or with a field lacking its tag/code
]);
export type MarcErrorCode = z.infer<typeof MarcErrorCode>;

/** Things a reader repaired or assumed; the record is usable, the import report may show them. */
export const MarcWarningCode = z.enum([
  'LEADER_REPAIRED', // indicator count, subfield code length or entry map (leader/10-11, 20-23) fixed
  'CHARSET_ASSUMED_UTF8', // leader/9 was not 'a' but the data is valid UTF-8 (common in CNMARC)
  'CHARSET_ASSUMED_GB18030', // a UNIMARC record in GBK/GB18030, as most Chinese CNMARC files are
  'MARC8_UNMAPPED', // a MARC-8 code with no Unicode equivalent became U+FFFD
  'JUNK_SKIPPED', // bytes between records (EOF marks, NULs, newlines) ignored
  'LENGTHS_IN_CHARACTERS', // leader and directory lengths count characters, not bytes: read by characters
  'CHARSET_MARC8_DETECTED', // leader/9 says UTF-8 but the data carries MARC-8 escapes: decoded as MARC-8
]);
export type MarcWarningCode = z.infer<typeof MarcWarningCode>;

export interface MarcReadError {
  ok: false;
  /** 0-based position of the record in the file, counting bad ones */
  index: number;
  /** byte offset in the file (ISO 2709) or character offset (MARCXML) where the record starts */
  offset: number;
  code: MarcErrorCode;
  /** technical detail in English for logs, e.g. "field 245 at 301: expected 0x1E" */
  detail: string;
}
export interface MarcReadOk {
  ok: true;
  index: number;
  offset: number;
  record: MarcRecord;
  warnings: MarcWarningCode[];
}
export type MarcReadResult = MarcReadOk | MarcReadError;
