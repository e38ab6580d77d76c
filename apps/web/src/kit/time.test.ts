import { describe, expect, it } from 'vitest';

// Node reads TZ again when it changes: the browser of a school in China.
process.env.TZ = 'Asia/Shanghai';

describe('event times in the local clock', () => {
  it('shows a UTC timestamp as the local time, not the UTC digits', async () => {
    const { fmtDay, fmtMinute, fmtTime } = await import('./time.ts');
    expect(fmtTime('2026-11-24T17:05:09.000Z')).toBe('2026-11-25 01:05:09');
    expect(fmtMinute('2026-11-24T17:05:09.000Z')).toBe('2026-11-25 01:05');
    expect(fmtDay('2026-11-24T17:05:09.000Z')).toBe('2026-11-25');
    expect(fmtTime(null)).toBe('');
  });
});
