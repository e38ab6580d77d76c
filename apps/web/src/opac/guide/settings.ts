/**
 * A guide screen's timing, from its address (`?interval=15&idle=60`, seconds) the first time it opens, then kept for
 * the tab: panels turn every `interval` seconds; a touched screen goes back to the start after `idle` seconds.
 */
const KEY = 'shuyuan.guide';

export interface GuideTiming {
  interval: number;
  idle: number;
}

const clamp = (v: number, lo: number, hi: number, d: number) =>
  Number.isFinite(v) && v > 0 ? Math.min(hi, Math.max(lo, v)) : d;

/** `school`: the school's settings (getcompanyhardwareappslist), used when the address names none. */
export function guideTiming(search: string, school?: Partial<GuideTiming>): GuideTiming {
  const q = new URLSearchParams(search);
  let saved: { interval?: number | string | null; idle?: number | string | null } = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
  } catch {}
  const t = {
    interval: clamp(Number(q.get('interval') ?? saved.interval ?? school?.interval), 0.2, 600, 15),
    idle: clamp(Number(q.get('idle') ?? saved.idle ?? school?.idle), 1, 3600, 60),
  };
  // Only what the address said is kept: the school's settings are read again at each start.
  const fromAddress = { interval: q.get('interval') ?? saved.interval, idle: q.get('idle') ?? saved.idle };
  sessionStorage.setItem(KEY, JSON.stringify(fromAddress));
  return t;
}
