/**
 * Parser for the barcode printed on a periodical's cover (pure, no database).
 *
 * Main symbol: EAN-13 = 977 + the ISSN's first 7 digits (its own check digit left out) + 2 "variant" digits + the
 * EAN check digit. Add-on symbol (printed to the right, scanners append it or send it after a space or dash):
 *
 * What we decided, from the standards and the practice we could check:
 * - China (GB/T 16827-1997 中国标准刊号(ISSN部分)条码): the two variant digits are the year code (the last two
 *   digits of the publication year, 年份码), and the add-on has 2 digits: the ordinal of the week, 旬 or month the
 *   issue is published in (monthly 01–12; bimonthly 01,03,…,11 or 02,…,12 — the month, not the issue number;
 *   weekly 01–53). Many publishers print 00 as the year code, so the year code is a hint, never a rule.
 * - Elsewhere (GS1/ISSN practice) the variant digits are a price or edition variant (00 for normal issues), the
 *   2-digit add-on is the issue number within the year (month or week number), and a 5-digit add-on carries a
 *   longer issue number — either a running (whole) number, or the year's last digit followed by a 4-digit issue
 *   number. We cannot tell which from the digits alone, so a 5-digit add-on gives both readings and the arrival
 *   desk matches the whole number first, then year digit + issue number.
 * - A bare ISSN typed by hand ("1009-5853", "ISSN 1009-5853") is accepted too: it finds the title, without a hint.
 */

export type CoverBarcodeError =
  | 'empty' // nothing scanned
  | 'characters' // something other than digits, spaces, dashes (and X in an ISSN)
  | 'length' // not 13, 13+2 or 13+5 digits, nor an 8-character ISSN
  | 'checkDigit' // the EAN-13 check digit does not match
  | 'issnCheckDigit' // a typed ISSN whose check character does not match
  | 'bookIsbn' // 978/979: a book's ISBN barcode, not a periodical
  | 'notSerial'; // another EAN-13 (a product code), not 977

export interface IssueHint {
  /** the add-on as a number: 2 digits = issue / period ordinal within the year; 5 digits = whole number reading */
  number: number;
  /** 5-digit add-on only: the first digit read as the year's last digit … */
  yearDigit: number | null;
  /** … and the other four as the issue number within that year */
  issueInYear: number | null;
}

export interface ParsedCoverBarcode {
  ok: true;
  /** the 13-digit main code; null when an ISSN was typed */
  ean: string | null;
  /** formatted NNNN-NNNC */
  issn: string;
  /** EAN digits 11–12: year code in China, price/edition variant elsewhere; null when an ISSN was typed */
  variant: string | null;
  /** '03', '12345' or null */
  addOn: string | null;
  issueHint: IssueHint | null;
}

export type CoverBarcodeResult = ParsedCoverBarcode | { ok: false; reason: CoverBarcodeError };

/** EAN-13 check digit of the first 12 digits (weights 1,3,1,3,… from the left). */
export function eanCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** ISSN check character of the first 7 digits: modulus 11, weights 8..2, 10 → X. */
export function issnCheckChar(first7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

function formatIssn(first7: string): string {
  return `${first7.slice(0, 4)}-${first7.slice(4)}${issnCheckChar(first7)}`;
}

/** Normalises a typed ISSN ("1009-5853", "issn 1009 585x") to NNNN-NNNC, or null when it is not a valid one. */
export function normalizeIssn(text: string): string | null {
  const compact = text
    .trim()
    .replace(/^issn\s*/i, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (!/^\d{7}[\dX]$/.test(compact)) return null;
  const issn = formatIssn(compact.slice(0, 7));
  return issn.endsWith(compact[7] as string) ? issn : null;
}

function hintFromAddOn(addOn: string | null): IssueHint | null {
  if (!addOn) return null;
  const number = Number(addOn);
  if (number === 0) return null;
  if (addOn.length === 2) return { number, yearDigit: null, issueInYear: null };
  const issueInYear = Number(addOn.slice(1));
  return { number, yearDigit: Number(addOn[0]), issueInYear: issueInYear > 0 ? issueInYear : null };
}

/** Parses what a scanner (or a hand) sends for a periodical cover. */
export function parseCoverBarcode(input: string): CoverBarcodeResult {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty' };

  if (/^(issn\s*)?\d{4}-?\d{3}[\dxX]$/i.test(text)) {
    const issn = normalizeIssn(text);
    if (!issn) return { ok: false, reason: 'issnCheckDigit' };
    return { ok: true, ean: null, issn, variant: null, addOn: null, issueHint: null };
  }
  if (!/^[\d\s-]+$/.test(text)) return { ok: false, reason: 'characters' };

  const groups = text.split(/[\s-]+/).filter(Boolean);
  let main: string;
  let addOn: string | null;
  if (groups.length === 1) {
    const digits = groups[0] as string;
    if (![13, 15, 18].includes(digits.length)) return { ok: false, reason: 'length' };
    main = digits.slice(0, 13);
    addOn = digits.length > 13 ? digits.slice(13) : null;
  } else if (groups.length === 2) {
    [main, addOn] = groups as [string, string];
    if (main.length !== 13 || (addOn.length !== 2 && addOn.length !== 5)) return { ok: false, reason: 'length' };
  } else {
    return { ok: false, reason: 'length' };
  }

  if (eanCheckDigit(main) !== Number(main[12])) return { ok: false, reason: 'checkDigit' };
  if (main.startsWith('978') || main.startsWith('979')) return { ok: false, reason: 'bookIsbn' };
  if (!main.startsWith('977')) return { ok: false, reason: 'notSerial' };

  return {
    ok: true,
    ean: main,
    issn: formatIssn(main.slice(3, 10)),
    variant: main.slice(10, 12),
    addOn,
    issueHint: hintFromAddOn(addOn),
  };
}

/** Builds the scanned form (13 digits + add-on) of a cover barcode for an ISSN: tests and label previews. */
export function buildCoverBarcode(issn: string, variant = '00', addOn = ''): string {
  const normalized = normalizeIssn(issn);
  if (!normalized || !/^\d{2}$/.test(variant) || !/^(\d{2}|\d{5})?$/.test(addOn)) {
    throw new RangeError(`Cannot build a cover barcode from ${issn} ${variant} ${addOn}`);
  }
  const first12 = `977${normalized.replace('-', '').slice(0, 7)}${variant}`;
  return `${first12}${eanCheckDigit(first12)}${addOn}`;
}
