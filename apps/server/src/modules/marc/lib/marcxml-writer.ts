import { isControlField, isDataField, type MarcRecord } from '@shuyuan/contracts/marc/record';

/**
 * MARCXML (http://www.loc.gov/standards/marcxml/) that validates against MARC21slim.xsd. The schema is
 * stricter than what circulates in real files, so values it would reject are normalised here rather than
 * producing a file other systems refuse: leader positions outside the schema's pattern become blanks
 * (leader/6, which must be alphanumeric, becomes 'a'), indicators outside [0-9a-z ] become blanks,
 * characters XML 1.0 forbids are dropped.
 */
export const MARCXML_NS = 'http://www.loc.gov/MARC21/slim';

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const XML_FORBIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
const esc = (s: string) =>
  s
    .replace(XML_FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const IND = /^[0-9a-z ]$/;
const CODE = /^[0-9A-Za-z!"#$%&'()*+,\-./:;<=>?{}_^`~[\]\\]$/;
const TAG = /^(0[1-9A-Z][0-9A-Z]|0[1-9a-z][0-9a-z]|[1-9A-Z][0-9A-Z]{2}|[1-9a-z][0-9a-z]{2})$/;
const CONTROL_TAG = /^00[1-9A-Za-z]$/;

function leaderXml(leader: string): string {
  const l = (leader ?? '').padEnd(24, ' ').slice(0, 24);
  const keep = (s: string, re: RegExp) => [...s].map((c) => (re.test(c) ? c : ' ')).join('');
  const digits = (s: string) => keep(s, /[\d ]/);
  const alnum = (s: string) => keep(s, /[\dA-Za-z ]/);
  const six = /[\dA-Za-z]/.test(l[6]) ? l[6] : 'a';
  return `${digits(l.slice(0, 5))}${alnum(l[5])}${six}${alnum(l.slice(7, 9))}a22${digits(l.slice(12, 17))}${alnum(l.slice(17, 20))}4500`;
}

/** One `<record>` element (no XML declaration), indented for people reading exports. */
export function recordToXml(record: MarcRecord, indent = '  '): string {
  const out: string[] = [`${indent}<record>`, `${indent}  <leader>${leaderXml(record.leader)}</leader>`];
  // The schema wants every controlfield before the first datafield, and at least one subfield per datafield.
  for (const f of record.fields) {
    if (isControlField(f) && CONTROL_TAG.test(f.tag)) {
      out.push(`${indent}  <controlfield tag="${f.tag}">${esc(f.value)}</controlfield>`);
    }
  }
  for (const f of record.fields) {
    if (!isDataField(f) || !TAG.test(f.tag)) continue;
    const subs = f.subfields.filter((sf) => CODE.test(sf.code));
    if (!subs.length) continue;
    const ind1 = IND.test(f.ind1) ? f.ind1 : ' ';
    const ind2 = IND.test(f.ind2) ? f.ind2 : ' ';
    out.push(`${indent}  <datafield tag="${f.tag}" ind1="${ind1}" ind2="${ind2}">`);
    for (const sf of subs) out.push(`${indent}    <subfield code="${esc(sf.code)}">${esc(sf.value)}</subfield>`);
    out.push(`${indent}  </datafield>`);
  }
  out.push(`${indent}</record>`);
  return out.join('\n');
}

export const MARCXML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="${MARCXML_NS}">\n`;
export const MARCXML_TAIL = '</collection>\n';

/** A whole `<collection>` document. For streaming exports write HEAD, each recordToXml + "\n", TAIL. */
export function writeMarcXml(records: Iterable<MarcRecord>): string {
  const parts = [MARCXML_HEAD];
  for (const r of records) parts.push(`${recordToXml(r)}\n`);
  parts.push(MARCXML_TAIL);
  return parts.join('');
}
