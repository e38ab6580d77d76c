/** When scheduled work is due next: every N ms, or daily at HH:MM in the school's time zone. */
export type ScheduleSpec = { everyMs: number } | { dailyAt: string; timeZone?: string };

function tzOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The next due time strictly after `from`. */
export function nextRun(spec: ScheduleSpec, from: Date, defaultTz = 'Asia/Shanghai'): Date {
  if ('everyMs' in spec) return new Date(from.getTime() + Math.max(1000, spec.everyMs));
  const m = /^(\d{1,2}):(\d{2})$/.exec(spec.dailyAt);
  if (!m) throw new Error(`bad dailyAt ${spec.dailyAt}`);
  const tz = spec.timeZone ?? defaultTz;
  const offset = tzOffsetMs(from.getTime(), tz);
  // The school's wall-clock date of `from`, then HH:MM of that date (and of the next day if already past).
  const local = new Date(from.getTime() + offset);
  for (let add = 0; add < 3; add++) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + add, +m[1], +m[2]);
    const at = wall - tzOffsetMs(wall, tz);
    if (at > from.getTime()) return new Date(at);
  }
  throw new Error('unreachable');
}
