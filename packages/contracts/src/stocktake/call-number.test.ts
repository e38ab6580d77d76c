import { describe, expect, it } from 'vitest';
import { compareCallNumbers, inCallNumberRange, outOfOrder } from './call-number.ts';

describe('shelf order of call numbers', () => {
  it('orders CLC classes hierarchically and book numbers naturally', () => {
    const shelf = ['I2/5', 'I21/3', 'I247.5/12', 'I247.5/9', 'I287/1', 'I29/1', 'K825.6/2:10', 'K825.6/2:2', 'TP3/1'];
    const sorted = [...shelf].sort(compareCallNumbers);
    expect(sorted).toEqual([
      'I2/5',
      'I21/3',
      'I247.5/9',
      'I247.5/12',
      'I287/1',
      'I29/1',
      'K825.6/2:2',
      'K825.6/2:10',
      'TP3/1',
    ]);
  });

  it('orders Dewey numbers as decimals', () => {
    expect(compareCallNumbers('823.914 ROW', '823.92 ADA')).toBeLessThan(0);
    expect(compareCallNumbers('823 ROW', '823.9 ADA')).toBeLessThan(0);
  });

  it('flags only the books outside the longest in-order run', () => {
    const scans = ['A/1', 'A/2', 'Z/1', 'B/1', 'C/1'];
    expect([...outOfOrder(scans, (s) => s)]).toEqual([2]);
    expect([...outOfOrder(['B/1', 'A/1'], (s) => s)]).toHaveLength(1);
    expect(outOfOrder([], (s: string) => s).size).toBe(0);
  });

  it('takes a range end without "/" as everything filed under it', () => {
    expect(inCallNumberRange('I299.1/2', 'I2', 'I29')).toBe(true);
    expect(inCallNumberRange('I3/1', 'I2', 'I29')).toBe(false);
    expect(inCallNumberRange('H9/1', 'I2', '')).toBe(false);
    expect(inCallNumberRange('', '', '')).toBe(false);
  });
});
