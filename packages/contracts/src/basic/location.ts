import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { zName, zOptRefId, zRefReq, zSort, zState, zStateFilter, zText } from './fields.ts';

/** A collection location (馆藏地): where copies stand; map picture with the location's point on it. */
export const LocationCreate = z.object({
  name: zName('basic.location.nameRequired'),
  code: zName('basic.location.codeRequired', 30),
  branchId: zRefReq('basic.location.branchRequired'),
  mapUrl: zText(500),
  /** Point on the map picture, in percent of its width and height (0–100). */
  x: z.coerce.number().min(0).max(100).nullable().default(null),
  y: z.coerce.number().min(0).max(100).nullable().default(null),
  /** Shelf range of the location, e.g. shelves A01 to A30. */
  shelfFrom: zText(30),
  shelfTo: zText(30),
  sort: zSort,
  state: zState,
});
export const LocationUpdate = LocationCreate.extend({ id: z.coerce.number().int().positive() });
export const LocationListQuery = ResourceListQuery.extend({ state: zStateFilter, branchId: zOptRefId.optional() });
export type LocationCreate = z.infer<typeof LocationCreate>;
