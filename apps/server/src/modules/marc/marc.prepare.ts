import fs from 'node:fs';
import type { RecordCreate } from '@shuyuan/contracts/catalogue/record';
import type { MarcFlavourChoice, MarcReadOptions } from '@shuyuan/contracts/marc/api';
import type { MarcHolding } from '@shuyuan/contracts/marc/mapping';
import type { MarcFlavour, MarcReadResult, MarcRecord, MarcWarningCode } from '@shuyuan/contracts/marc/record';
import { recordMatchKeys } from '../catalogue/match-keys.ts';
import { recordDocument } from '../catalogue/record-document.ts';
import { type SearchDocument, searchVectorText } from '../search/lib/document.ts';
import { type MarcSerial, serialFromMarc } from '../serials/marc-serial.ts';
import { detectFlavour } from './lib/flavour.ts';
import { holdingsSources } from './lib/default-rules.ts';
import { mapHoldings, mapRecord } from './lib/map-record.ts';
import { readMarcStream } from './lib/read-marc.ts';
import { type Msg, toRecordCreate } from './marc.convert.ts';
import type { RuleSet } from './marc.rules.ts';

/** One record of the file, ready to insert (with its search document) or refused with its reason. */
export type Prepared =
  | {
      index: number;
      ok: true;
      /** the record input without its MARC, which travels as `marcJson` (a string crosses threads cheaply) */
      row: RecordCreate;
      marcJson: string | null;
      doc: SearchDocument;
      /** the search vector's text (`searchVectorText`), or null when the database computes it from `doc` */
      vector: string | null;
      /** duplicate-match keys (catalogue match-keys.ts), made here while the MARC is at hand */
      matchKeys: string[];
      copies: MarcHolding[];
      /** what the import report should say about an imported record (recovered lengths, charset, garbled author) */
      notes: Msg[];
      /** a periodical or newspaper (leader/07 's'): it becomes a serial title too (serials/marc-titles.ts) */
      serial?: MarcSerial | null;
    }
  | { index: number; ok: false; isbn: string; title: string; msg: Msg };

/** A batch of prepared records and the file offset reached (progress). */
export interface PreparedBatch {
  items: Prepared[];
  offset: number;
}

/** The flavour a record is mapped with: the one chosen for the file, else detected per record. */
export const flavourOf = (r: MarcRecord, choice: MarcFlavourChoice = 'auto'): MarcFlavour =>
  choice === 'auto' ? detectFlavour(r) : choice;

/**
 * Leader/06 of records that describe no item: authority (z; UNIMARC x, y), classification (w), community
 * information (q), holdings (u, v).
 */
const NOT_BIBLIOGRAPHIC = 'zwquvxy';
/** Reader warnings worth a line in the import report (the routine ones would list every CNMARC record). */
const REPORTED = new Set<MarcWarningCode>(['LENGTHS_IN_CHARACTERS', 'CHARSET_MARC8_DETECTED', 'MARC8_UNMAPPED']);

/**
 * Text decoded with the wrong character set: replacement characters, C1 controls, or UTF-8 read as Latin-1
 * ("Ã©", "å­"), which no author's name contains.
 */
export function looksGarbled(text: string): boolean {
  return /[\uFFFD\u0080-\u009F]|[ÃÂ][\u00A0-\u00BF]|[åæçèéä][\u0080-\u00BF]/.test(text);
}

/** Read result → record input + search document, or the reason it cannot be imported. Pure CPU work. */
export function prepare(r: MarcReadResult, rules: RuleSet, flavour: MarcFlavourChoice = 'auto'): Prepared {
  if (!r.ok) return { index: r.index, ok: false, isbn: '', title: '', msg: { key: `marc.error.${r.code}` } };
  const recordFlavour = flavourOf(r.record, flavour);
  const ruleSet = rules[recordFlavour];
  const f = mapRecord(r.record, ruleSet);
  const type = r.record.leader[6];
  if (NOT_BIBLIOGRAPHIC.includes(type)) {
    const msg = { key: 'marc.notBibliographic', params: { type } };
    return { index: r.index, ok: false, isbn: f.isbn ?? '', title: f.title ?? '', msg };
  }
  const c = toRecordCreate(r.record, f);
  if (!c.ok) return { index: r.index, ok: false, isbn: f.isbn ?? '', title: f.title ?? '', msg: c.errors[0] };
  const copies = mapHoldings(r.record, holdingsSources(ruleSet));
  const { marc, ...row } = c.row;
  const marcJson = marc === undefined ? null : JSON.stringify(marc);
  const notes: Msg[] = r.warnings.filter((w) => REPORTED.has(w)).map((w) => ({ key: `marc.warning.${w}` }));
  if (row.author && looksGarbled(row.author)) notes.push({ key: 'marc.authorGarbled', params: { author: row.author } });
  const doc = recordDocument(c.row);
  return {
    index: r.index,
    ok: true,
    row,
    marcJson,
    doc,
    vector: searchVectorText(doc),
    matchKeys: recordMatchKeys(c.row),
    copies,
    notes,
    serial: serialFromMarc(r.record, recordFlavour),
  };
}

/**
 * Streams the file as batches of prepared records (`size` good records per batch at most), from record number
 * `from` on (the ones before are read but not prepared: another thread did them).
 */
export async function* preparedBatches(
  file: string,
  rules: RuleSet,
  size: number,
  o?: MarcReadOptions,
  from = 0,
): AsyncGenerator<PreparedBatch> {
  const input = fs.createReadStream(file);
  try {
    let items: Prepared[] = [];
    let good = 0;
    for await (const r of readMarcStream(input, { charset: o?.charset })) {
      if (r.index < from) continue;
      const p = prepare(r, rules, o?.flavour);
      items.push(p);
      if (p.ok) good++;
      if (good >= size || items.length >= size * 4) {
        yield { items, offset: r.offset };
        items = [];
        good = 0;
      }
    }
    yield { items, offset: Number.MAX_SAFE_INTEGER };
  } finally {
    input.destroy();
  }
}
