/**
 * ISBN utilities shared by server and web. Everything works on the hyphen-free form: hyphen positions
 * depend on the registration-group ranges (a table that changes yearly), so we never store or compare
 * them; display may add hyphens later from that table.
 */

/** The result of reading an ISBN out of free text such as a MARC 020$a ("0-471-38314-7 (pbk.) :"). */
export interface IsbnInfo {
  /** digits (and a final X for ISBN-10) without hyphens or spaces */
  normalized: string;
  /** the ISBN-13 form when the ISBN is valid, otherwise null */
  isbn13: string | null;
  valid: boolean;
}

/**
 * Takes the first ISBN-looking token of a string and strips hyphens and spaces from it. Qualifiers after
 * the number ("(pbk.)", ": ¥25.00") are dropped; a lowercase x check digit becomes X.
 */
export function normalizeIsbn(raw: string): string {
  const m = /[0-9][0-9\- ]{8,16}[0-9Xx]/.exec(raw);
  if (!m) return raw.replace(/[^0-9Xx]/g, '').toUpperCase();
  return m[0].replace(/[- ]/g, '').toUpperCase();
}

/** ISBN-10 check: sum of digit × weight (10 … 1) is divisible by 11; X stands for 10 in the last place. */
export function isValidIsbn10(isbn: string): boolean {
  if (!/^[0-9]{9}[0-9X]$/.test(isbn)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = isbn[i];
    sum += (c === 'X' ? 10 : c.charCodeAt(0) - 48) * (10 - i);
  }
  return sum % 11 === 0;
}

/** ISBN-13 (EAN-13) check: weights 1,3,1,3…; only the 978 and 979 prefixes are books. */
export function isValidIsbn13(isbn: string): boolean {
  if (!/^97[89][0-9]{10}$/.test(isbn)) return false;
  return ean13CheckDigit(isbn.slice(0, 12)) === isbn[12];
}

function ean13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (first12.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (first9.charCodeAt(i) - 48) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/** True for a valid ISBN-10 or ISBN-13 given in any hyphenation. */
export function isValidIsbn(raw: string): boolean {
  const n = normalizeIsbn(raw);
  return n.length === 10 ? isValidIsbn10(n) : isValidIsbn13(n);
}

/** ISBN-10 → ISBN-13 (978 prefix, new check digit); null when the input is not a valid ISBN. */
export function toIsbn13(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (n.length === 13) return isValidIsbn13(n) ? n : null;
  if (!isValidIsbn10(n)) return null;
  const body = `978${n.slice(0, 9)}`;
  return body + ean13CheckDigit(body);
}

/** ISBN-13 → ISBN-10; only 978-prefixed numbers have one. */
export function toIsbn10(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (n.length === 10) return isValidIsbn10(n) ? n : null;
  if (!isValidIsbn13(n) || !n.startsWith('978')) return null;
  const body = n.slice(3, 12);
  return body + isbn10CheckDigit(body);
}

export function parseIsbn(raw: string): IsbnInfo {
  const normalized = normalizeIsbn(raw);
  const isbn13 = toIsbn13(normalized);
  return { normalized, isbn13, valid: isbn13 !== null };
}
