/**
 * Shelf order of call numbers (索书号), used by the stocktake's misplaced check.
 *
 * A call number is `<class>/<book number>` (CLC: `I287.45/123:2`) or `<class> <cutter>` (Dewey: `823.914 ROW`).
 * - The class part is compared character by character after upper-casing and dropping dots: class numbers are
 *   hierarchical decimals, so `I2 < I21 < I287 < I29 < I3` and `823.914 < 823.92`.
 * - The rest (book number, volume, copy) is compared "naturally": runs of digits as numbers, so
 *   `I287/9 < I287/12` and `I287/12:2 < I287/12:10`.
 * Empty call numbers have no place on a shelf and are never compared (see `isComparable`).
 */
function split(cn: string): [string, string] {
  const s = cn.trim().toUpperCase();
  const slash = s.indexOf('/');
  if (slash >= 0) return [s.slice(0, slash), s.slice(slash + 1)];
  const space = s.search(/\s/);
  return space >= 0 ? [s.slice(0, space), s.slice(space + 1).trim()] : [s, ''];
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function naturalCompare(a: string, b: string): number {
  const ra = a.match(/\d+|\D+/g) ?? [];
  const rb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    const x = ra[i];
    const y = rb[i];
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    const c = dx && dy ? Number(x) - Number(y) || cmp(x, y) : cmp(x, y);
    if (c) return Math.sign(c);
  }
  return Math.sign(ra.length - rb.length);
}

export const isComparable = (cn: string | null | undefined): cn is string => !!cn && cn.trim() !== '';

/** Negative when `a` stands before `b` on the shelf, 0 when at the same place, positive after. */
export function compareCallNumbers(a: string, b: string): number {
  const [ca, ra] = split(a);
  const [cb, rb] = split(b);
  return cmp(ca.replace(/\./g, ''), cb.replace(/\./g, '')) || naturalCompare(ra, rb);
}

/**
 * The positions of `items` that are out of shelf order: everything outside one longest run that is in order
 * (a longest non-decreasing subsequence). That is the smallest set of books to move to put the shelf in
 * order: for A B Z C D only Z is misplaced, not C. O(n log n).
 */
export function outOfOrder<T>(items: T[], key: (t: T) => string): Set<number> {
  const tails: number[] = []; // index of the last element of the best run of each length
  const prev = new Array<number>(items.length).fill(-1);
  for (let i = 0; i < items.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareCallNumbers(key(items[tails[mid]]), key(items[i])) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) keep.add(i);
  const out = new Set<number>();
  for (let i = 0; i < items.length; i++) if (!keep.has(i)) out.add(i);
  return out;
}

/** True when `cn` lies in the inclusive range; an empty bound is open. */
export function inCallNumberRange(cn: string, from: string, to: string): boolean {
  if (!isComparable(cn)) return false;
  if (from.trim() && compareCallNumbers(cn, from) < 0) return false;
  // `to` is a prefix bound: "I29" includes "I29/5" and "I299.1/2" (everything filed under I29).
  if (to.trim()) {
    const [ct] = split(to);
    const [cc] = split(cn);
    const under = !to.includes('/') && cc.replace(/\./g, '').startsWith(ct.replace(/\./g, ''));
    if (!under && compareCallNumbers(cn, to) > 0) return false;
  }
  return true;
}
