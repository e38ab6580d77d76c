import { forbidden } from '../../platform/errors.ts';
import { hasPermission, type Principal } from '../../platform/principal.ts';

/** Screens that work on records and copies: the catalogue list, the three cataloguing screens, the copy list. */
export const CATALOG = 'resource-mana.resource.catalog';
const SCREENS = [CATALOG, 'book-editing', 'book-editing2', 'book-editing3', 'collection'] as const;

/**
 * Shared record/copy endpoints serve several screens; the route declares 'school' and the handler asks for
 * one of these codes (view, or `<screen>:<op>`) — any screen that grants the operation is enough.
 */
export const ACCESS = {
  view: [...SCREENS],
  addRecord: [`${CATALOG}:add`, 'book-editing:add'],
  editRecord: [`${CATALOG}:edit`, 'book-editing:edit', 'book-editing2:edit'],
  deleteRecord: [`${CATALOG}:delete`, 'collection:delete'],
  // union-catalog:add: the union cataloguing screen adds copies to the record it has just copied.
  addCopies: [`${CATALOG}:add`, 'book-editing:add', 'book-editing3:add', 'collection:add', 'union-catalog:add'],
  editCopies: [`${CATALOG}:edit`, 'book-editing3:edit', 'collection:edit'],
} as const;

/** Throws 403 unless the caller holds one of `codes` in the current school. */
export function needAny(user: Principal | undefined, codes: readonly string[]): void {
  if (!user || !codes.some((c) => hasPermission(user, c))) throw forbidden();
}
