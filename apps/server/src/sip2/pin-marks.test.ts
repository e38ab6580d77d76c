import { describe, expect, it } from 'vitest';
import { PinMarks } from './pin-marks.ts';

describe('PIN marks of a SIP2 connection', () => {
  it('accepts only the verified PIN against the same stored hash, for the time given', () => {
    const marks = new PinMarks(60_000);
    marks.add(7, '1234', 'hash-a', 1_000);
    expect(marks.has(7, '1234', 'hash-a', 2_000)).toBe(true);
    expect(marks.has(7, '1235', 'hash-a', 2_000)).toBe(false);
    expect(marks.has(8, '1234', 'hash-a', 2_000)).toBe(false);
    // A changed password (new stored hash) does not match.
    expect(marks.has(7, '1234', 'hash-b', 2_000)).toBe(false);
    // Past the time: checked again.
    expect(marks.has(7, '1234', 'hash-a', 61_001)).toBe(false);
    marks.add(7, '1234', 'hash-a', 70_000);
    marks.clear();
    expect(marks.has(7, '1234', 'hash-a', 70_001)).toBe(false);
  });

  it('keeps a bounded number of marks, forgetting the oldest', () => {
    const marks = new PinMarks(60_000, 2);
    marks.add(1, 'a', 'h', 0);
    marks.add(2, 'b', 'h', 0);
    marks.add(3, 'c', 'h', 0);
    expect([1, 2, 3].map((id) => marks.has(id, 'abc'[id - 1], 'h', 1))).toEqual([false, true, true]);
  });
});
