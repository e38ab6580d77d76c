/**
 * SIP2 dates are 18 characters, YYYYMMDDZZZZHHMMSS. ZZZZ is four blanks for the local time of the library (here:
 * the school's time zone) or "   Z" for UTC. We always send local time with blanks, as most machines expect,
 * and accept both on input.
 */
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function zonedParts(d: Date, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(d);
  const out: Record<string, number> = {};
  for (const p of parts) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

export function formatSipDate(d: Date, timeZone: string): string {
  const p = zonedParts(d, timeZone);
  return `${p.year}${pad(p.month)}${pad(p.day)}    ${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

const DATE = /^(\d{4})(\d{2})(\d{2})(.{4})(\d{2})(\d{2})(\d{2})$/;

/** Parses an 18-character SIP date; undefined for blanks or anything malformed. */
export function parseSipDate(s: string | undefined, timeZone: string): Date | undefined {
  const m = s ? DATE.exec(s) : null;
  if (!m) return undefined;
  const [, y, mo, d, zone, h, mi, se] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +se);
  if (Number.isNaN(utc)) return undefined;
  if (zone.trim() === 'Z') return new Date(utc);
  if (zone.trim() !== '') return undefined;
  // Local time of the zone: shift by the zone's offset at that moment (twice, to settle across DST changes).
  let guess = utc;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess = utc - (asUtc - guess);
  }
  return new Date(guess);
}
