import { describe, expect, it } from 'vitest';
import { WritePace } from './write-pace.ts';

/** A transaction of n records taking `fixed` + n × `each` ms, as the embedded database's writes do. */
function settle(pace: WritePace, fixed: number, each: number, rounds = 30) {
  const holds: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const n = pace.next();
    const ms = fixed + n * each;
    holds.push(ms);
    pace.took(n, ms);
  }
  return holds;
}

describe('WritePace (records per MARC write transaction)', () => {
  it('PostgreSQL: always the fixed size', () => {
    const pace = WritePace.for('postgres');
    pace.took(50, 500);
    expect(pace.next()).toBe(50);
  });

  it('embedded: settles where a transaction takes about 10 ms, its fixed part included', () => {
    const quiet = WritePace.for('pglite');
    const holds = settle(quiet, 2, 0.25);
    expect(holds.at(-1)).toBeLessThanOrEqual(10);
    expect(holds.at(-1)).toBeGreaterThan(8.5);
    // (10 − 2) / 0.25 = 32 records
    expect(quiet.next()).toBeGreaterThanOrEqual(29);
    expect(quiet.next()).toBeLessThanOrEqual(32);
  });

  it('embedded: shrinks at once when the cores get busy, within its bounds', () => {
    const pace = WritePace.for('pglite');
    settle(pace, 2, 0.25);
    // The machine gets three times slower: the next transaction is already much shorter, then back near 10 ms.
    const busy = settle(pace, 3, 0.5, 10);
    expect(busy[1]).toBeLessThan(busy[0] * 0.75);
    expect(busy.at(-1)).toBeLessThanOrEqual(11);
    // Never fewer than 10 records, never more than 200.
    pace.took(10, 1000);
    expect(pace.next()).toBe(10);
    settle(pace, 0, 0.001, 200);
    expect(pace.next()).toBe(200);
  });
});
