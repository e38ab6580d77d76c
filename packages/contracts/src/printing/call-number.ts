/**
 * A call number (索书号) = classification number / book number [additional number], e.g. `I247.5/123:2`.
 * Spine labels print each part on its own line, because the spine is narrow and shelvers read top-down.
 */
export interface CallNumberParts {
  classNo: string;
  bookNo: string;
  additional: string;
}

/**
 * Splits a call number as librarians type it. The class number ends at the first `/`; the book number runs
 * to the next `/` or to the first additional-number mark (`:` volume, `=` edition, `(` year/copy, `-` copy
 * after a book number). Whatever follows is the additional number, kept with its mark as printed.
 */
export function splitCallNumber(callNumber: string): CallNumberParts {
  const s = callNumber.trim();
  const slash = s.indexOf('/');
  if (slash < 0) return { classNo: s, bookNo: '', additional: '' };
  const classNo = s.slice(0, slash);
  const rest = s.slice(slash + 1);
  const second = rest.indexOf('/');
  if (second >= 0) return { classNo, bookNo: rest.slice(0, second), additional: rest.slice(second + 1) };
  const mark = rest.search(/[:=(]|(?<=\w)-/);
  if (mark <= 0) return { classNo, bookNo: rest, additional: '' };
  return { classNo, bookNo: rest.slice(0, mark), additional: rest.slice(mark) };
}

/** The non-empty lines of a spine label, top to bottom. */
export function callNumberLines(callNumber: string | CallNumberParts): string[] {
  const p = typeof callNumber === 'string' ? splitCallNumber(callNumber) : callNumber;
  return [p.classNo, p.bookNo, p.additional].map((x) => x.trim()).filter(Boolean);
}
