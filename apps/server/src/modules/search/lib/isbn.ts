/** ISBN forms for the search document: a book is found by its ISBN-10 and its ISBN-13 alike. */

const digits = (s: string) => s.replace(/[^0-9xX]/g, '').toUpperCase();

function check13(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

function check10(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

export function isValidIsbn(raw: string): boolean {
  const d = digits(raw);
  if (/^\d{9}[\dX]$/.test(d)) return check10(d.slice(0, 9)) === d[9];
  if (/^97[89]\d{10}$/.test(d)) return check13(d.slice(0, 12)) === d[12];
  return false;
}

/**
 * Both forms of a valid ISBN (13 first). 979- numbers have no ISBN-10. An invalid one is kept as typed
 * (digits only), since catalogue data carries misprinted ISBNs that readers still search for.
 */
export function isbnForms(raw: string): string[] {
  const d = digits(raw);
  if (!d) return [];
  if (!isValidIsbn(d)) return [d];
  if (d.length === 10) {
    const body = `978${d.slice(0, 9)}`;
    return [body + check13(body), d];
  }
  if (d.startsWith('978')) return [d, d.slice(3, 12) + check10(d.slice(3, 12))];
  return [d];
}
