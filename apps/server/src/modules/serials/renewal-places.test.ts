import { describe, expect, it } from 'vitest';
import { fitPlaces } from './renewal.service.ts';

const places = (...copies: number[]) => copies.map((c, i) => ({ locationId: i + 1, copies: c }));

describe('places of a renewed order', () => {
  it('keeps places that fit the copies renewed', () => {
    expect(fitPlaces(places(2, 1), 3)).toEqual(places(2, 1));
    expect(fitPlaces(places(2, 1), 5)).toEqual(places(2, 1));
  });

  it('shares fewer copies in proportion, never more than renewed, dropping a place left with none', () => {
    expect(fitPlaces(places(4, 2), 3)).toEqual(places(2, 1));
    expect(fitPlaces(places(2, 1), 2)).toEqual([
      { locationId: 1, copies: 1 },
      { locationId: 2, copies: 1 },
    ]);
    expect(fitPlaces(places(5, 1), 2)).toEqual([{ locationId: 1, copies: 2 }]);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const r = fitPlaces(places(3, 3, 2), n);
      expect(r.reduce((a, p) => a + p.copies, 0)).toBe(Math.min(n, 8));
    }
  });
});
