/**
 * Spec §4: the circulation state of one copy, and where it is stored. One enum with its allowed moves, so the
 * server (changeCopyState, loans, inventory) and the screens agree on what a button may do.
 */
export const CircState = {
  AVAILABLE: 'available',
  BORROWED: 'borrowed',
  LOST: 'lost',
  /** A reservation is waiting for this copy to come back. */
  RESERVING: 'reserving',
  /** Held on the reservation shelf for one reader. */
  RESERVED: 'reserved',
  /** The reader says it was returned but the desk never received it. */
  RETURNED_NOT_RECEIVED: 'returned-not-received',
  LOCKED: 'locked',
  /** An arrived periodical issue bound into a volume (serials binding): the volume lends, the issue no longer. */
  BOUND: 'bound',
} as const;
export type CircState = (typeof CircState)[keyof typeof CircState];
export const CIRC_STATES = Object.values(CircState) as CircState[];

const S = CircState;
/** Allowed moves. Locking and unlocking are the librarian's; lost copies come back as available when found. */
export const CIRC_TRANSITIONS: Record<CircState, readonly CircState[]> = {
  [S.AVAILABLE]: [S.BORROWED, S.RESERVED, S.LOST, S.LOCKED, S.BOUND],
  [S.BORROWED]: [S.AVAILABLE, S.RESERVING, S.LOST, S.RETURNED_NOT_RECEIVED],
  [S.RESERVING]: [S.RESERVED, S.BORROWED, S.AVAILABLE, S.LOST, S.RETURNED_NOT_RECEIVED],
  [S.RESERVED]: [S.BORROWED, S.AVAILABLE, S.LOST, S.LOCKED],
  [S.RETURNED_NOT_RECEIVED]: [S.AVAILABLE, S.LOST],
  [S.LOST]: [S.AVAILABLE],
  [S.LOCKED]: [S.AVAILABLE],
  [S.BOUND]: [S.AVAILABLE],
};

export function canTransition(from: CircState, to: CircState): boolean {
  return CIRC_TRANSITIONS[from]?.includes(to) ?? false;
}

/**
 * States owned by circulation: a copy enters and leaves them only with a loan or a reservation (a loan row,
 * a hold), never by a librarian's manual move — otherwise a copy would be "on loan" with nobody holding it.
 */
export const LOAN_STATES: readonly CircState[] = [S.BORROWED, S.RESERVING, S.RESERVED, S.RETURNED_NOT_RECEIVED];
export const isLoanState = (s: CircState) => LOAN_STATES.includes(s);

/** States owned by another module than the librarian's hand: bound issues enter and leave them only by (un)binding. */
export const OWNED_STATES: readonly CircState[] = [...LOAN_STATES, S.BOUND];

/** A librarian's manual move (P/Catalogue/ChangeCopyState): an allowed move between states circulation does not own. */
export function canMoveByHand(from: CircState, to: CircState): boolean {
  return !OWNED_STATES.includes(from) && !OWNED_STATES.includes(to) && canTransition(from, to);
}

/** The manual moves offered for a copy in `from` (none while circulation owns it). */
export const manualMoves = (from: CircState): CircState[] =>
  (CIRC_TRANSITIONS[from] ?? []).filter((to) => canMoveByHand(from, to));

/** Store types (库类型) 1–9 of spec §4; 7 is unused by the original system and kept unassigned. */
export const StoreType = {
  CATALOGUING: 1,
  CIRCULATION: 2,
  WEEDED: 3,
  RECOMMENDED_PURCHASE: 4,
  TURNOVER: 5,
  LOST: 6,
  READING: 8,
  INVENTORY_CHECK: 9,
} as const;
export type StoreType = (typeof StoreType)[keyof typeof StoreType];
export const STORE_TYPES = Object.values(StoreType) as StoreType[];
