import { describe, expect, it } from 'vitest';
import { nextRun } from './schedule-time.ts';

describe('nextRun', () => {
  it('daily time in the school time zone', () => {
    // 2026-03-01 01:00 UTC = 09:00 in Shanghai; 08:30 has passed today → tomorrow 00:30 UTC
    const from = new Date('2026-03-01T01:00:00Z');
    expect(nextRun({ dailyAt: '08:30' }, from).toISOString()).toBe('2026-03-02T00:30:00.000Z');
    expect(nextRun({ dailyAt: '23:15' }, from).toISOString()).toBe('2026-03-01T15:15:00.000Z');
    expect(nextRun({ dailyAt: '02:00', timeZone: 'UTC' }, from).toISOString()).toBe('2026-03-01T02:00:00.000Z');
  });
  it('interval', () => {
    const from = new Date('2026-03-01T01:00:00Z');
    expect(nextRun({ everyMs: 60_000 }, from).toISOString()).toBe('2026-03-01T01:01:00.000Z');
  });
});
