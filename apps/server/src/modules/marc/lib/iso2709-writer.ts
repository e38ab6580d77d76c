import { isControlField, type MarcRecord } from '@shuyuan/contracts/marc/record';

/** Raised when a record cannot be expressed in ISO 2709 (lengths have 4 and 5 digits). */
export class MarcTooLongError extends Error {
  readonly code = 'RECORD_TOO_LONG';
}

// Structural bytes inside values would corrupt the record, so they become spaces. Control fields keep
// 0x1F: old MARC21 007s and danMARC control fields carry subfield-like data that readers pass through.
// biome-ignore lint/suspicious/noControlCharactersInRegex: MARC structural bytes are exactly what we strip
const STRUCTURAL = /[\x1d\x1e\x1f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: MARC structural bytes are exactly what we strip
const STRUCTURAL_CONTROL = /[\x1d\x1e]/g;
const ind = (c: string) => (c && c.length === 1 && c >= ' ' && c <= '~' ? c : ' ');

/**
 * The leader we write: lengths computed, leader/9 = 'a' (always UTF-8), 10-11 = "22", 20-23 = "4500";
 * status, type, level and encoding level kept from the record (non-ASCII positions become blanks).
 */
function leaderFor(leader: string, length: number, base: number): string {
  const l = (leader ?? '').padEnd(24, ' ').replace(/[^\x20-\x7e]/g, ' ');
  return `${pad(length, 5)}${l.slice(5, 9)}a22${pad(base, 5)}${l.slice(17, 20)}4500`;
}
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** One record as ISO 2709 bytes (UTF-8). Lengths are in bytes, as yaz-marcdump and every reader expect. */
export function writeIso2709(record: MarcRecord): Buffer {
  const bodies: Buffer[] = [];
  const dir: string[] = [];
  let at = 0;
  for (const f of record.fields) {
    let s: string;
    if (isControlField(f)) s = `${f.value.replace(STRUCTURAL_CONTROL, ' ')}\x1e`;
    else {
      s = ind(f.ind1) + ind(f.ind2);
      for (const sf of f.subfields) s += `\x1f${sf.code}${sf.value.replace(STRUCTURAL, ' ')}`;
      s += '\x1e';
    }
    const body = Buffer.from(s, 'utf8');
    if (body.length > 9999) throw new MarcTooLongError(`field ${f.tag} is ${body.length} bytes (max 9999)`);
    if (at > 99999) throw new MarcTooLongError('record data exceeds 99999 bytes');
    dir.push(f.tag.padEnd(3, ' ').slice(0, 3) + pad(body.length, 4) + pad(at, 5));
    bodies.push(body);
    at += body.length;
  }
  const base = 24 + dir.length * 12 + 1;
  const length = base + at + 1;
  if (length > 99999) throw new MarcTooLongError(`record is ${length} bytes (max 99999)`);
  const head = Buffer.from(`${leaderFor(record.leader, length, base)}${dir.join('')}\x1e`, 'latin1');
  return Buffer.concat([head, ...bodies, Buffer.from([0x1d])], length);
}

/** A whole file: records one after another, no separators (ISO 2709 needs none). */
export function writeIso2709File(records: Iterable<MarcRecord>): Buffer {
  const parts: Buffer[] = [];
  for (const r of records) parts.push(writeIso2709(r));
  return Buffer.concat(parts);
}
