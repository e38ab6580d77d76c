import { describe, expect, it } from 'vitest';
import { CIRC_STATES, CIRC_TRANSITIONS, CircState, canTransition, manualMoves, STORE_TYPES } from './copy-state.ts';
import { RecordUpdate } from './record.ts';
import { barcodeIssues, CopyAdd, RecordCreate } from './record.ts';

describe('copy circulation states', () => {
  it('allows the desk moves of spec §4 and refuses the others', () => {
    expect(canTransition(CircState.AVAILABLE, CircState.BORROWED)).toBe(true);
    expect(canTransition(CircState.BORROWED, CircState.AVAILABLE)).toBe(true);
    expect(canTransition(CircState.RESERVING, CircState.RESERVED)).toBe(true);
    expect(canTransition(CircState.LOCKED, CircState.BORROWED)).toBe(false);
    expect(canTransition(CircState.LOST, CircState.BORROWED)).toBe(false);
    expect(canTransition(CircState.AVAILABLE, CircState.AVAILABLE)).toBe(false);
  });

  it('every state can reach available again and every target is a known state', () => {
    for (const s of CIRC_STATES) {
      for (const to of CIRC_TRANSITIONS[s]) expect(CIRC_STATES).toContain(to);
      if (s !== CircState.AVAILABLE) expect(canTransition(s, CircState.AVAILABLE)).toBe(true);
    }
  });

  it('offers by hand only the moves circulation does not own', () => {
    expect(manualMoves(CircState.AVAILABLE)).toEqual([CircState.LOST, CircState.LOCKED]);
    expect(manualMoves(CircState.LOST)).toEqual([CircState.AVAILABLE]);
    expect(manualMoves(CircState.LOCKED)).toEqual([CircState.AVAILABLE]);
    const owned = [CircState.BORROWED, CircState.RESERVING, CircState.RESERVED, CircState.RETURNED_NOT_RECEIVED];
    for (const s of [...owned, CircState.BOUND]) expect(manualMoves(s)).toEqual([]);
    // Binding owns "bound": a bound issue is unbound by its volume, never set free by hand.
    expect(canTransition(CircState.AVAILABLE, CircState.BOUND)).toBe(true);
  });

  it('a record update leaves out what was not sent, and null clears a number', () => {
    expect(RecordUpdate.parse({ id: 3, title: '围城', price: null })).toEqual({ id: 3, title: '围城', price: null });
  });

  it('store types are 1–9 without 7', () => {
    expect([...STORE_TYPES].sort()).toEqual([1, 2, 3, 4, 5, 6, 8, 9]);
  });
});

describe('record and copy contracts', () => {
  it('turns a yuan price into fen and normalises the ISBN', () => {
    const r = RecordCreate.parse({ title: ' 围城 ', price: '19.90', isbn: '7-108-00982-x' });
    expect(r).toMatchObject({ title: '围城', price: 19.9, isbn: '710800982X' });
    expect(RecordCreate.safeParse({ title: 'a', price: -1 }).success).toBe(false);
  });

  it('copies need one barcode per copy; without barcodes they are generated (school rule, else the one sent)', () => {
    expect(CopyAdd.safeParse({ recordId: 1, count: 2, barcodes: ['A1'] }).success).toBe(false);
    // Whether a rule exists is the server's to say (or the default rule numbers the copies): the contract accepts the request.
    expect(CopyAdd.safeParse({ recordId: 1, count: 2 }).success).toBe(true);
    expect(CopyAdd.safeParse({ recordId: 1, count: 0 }).success).toBe(false);
    expect(CopyAdd.safeParse({ recordId: 1, count: 2, rule: { prefix: 'A' } }).success).toBe(true);
    const rule = { prefix: 'A', length: 0, checkDigit: false };
    expect(barcodeIssues(['A12', 'B12'], rule)).toEqual([
      { path: 'barcodes.1', key: 'printing.barcode.prefixWrong', params: { prefix: 'A' } },
    ]);
  });
});
