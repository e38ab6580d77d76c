import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { zName, zOptRefId, zRefReq, zSort, zState, zStateFilter, zText } from './fields.ts';

/** A shelf (书架号) in a location: faces, layers, width in cm, the call-number range it holds. */
export const ShelfCreate = z.object({
  locationId: zRefReq('basic.shelf.locationRequired'),
  code: zName('basic.shelf.codeRequired', 30),
  /** Spec §5: shelf barcode is required. */
  barcode: zName('basic.shelf.barcodeRequired', 40),
  faces: z.coerce.number().int().min(1).max(2).default(1),
  layers: z.coerce.number().int().min(1).max(20).default(5),
  /** Spec §9: bookshelf width unit is cm. */
  widthCm: z.coerce.number().int().min(0).max(10000).default(90),
  callFrom: zText(60),
  callTo: zText(60),
  sort: zSort,
  state: zState,
});
export const ShelfUpdate = ShelfCreate.extend({ id: z.coerce.number().int().positive() });
export const ShelfListQuery = ResourceListQuery.extend({ state: zStateFilter, locationId: zOptRefId.optional() });
export type ShelfCreate = z.infer<typeof ShelfCreate>;

/** A shelf position (架位): one face/layer/column of a shelf, with its own barcode for book positioning. */
export const ShelfPositionCreate = z.object({
  shelfId: zRefReq('basic.shelfPosition.shelfRequired'),
  code: zName('basic.shelfPosition.codeRequired', 40),
  barcode: zText(40),
  face: z.coerce.number().int().min(1).max(2).default(1),
  layer: z.coerce.number().int().min(1).max(20).default(1),
  column: z.coerce.number().int().min(1).max(50).default(1),
  callFrom: zText(60),
  callTo: zText(60),
  remark: zText(),
});
export const ShelfPositionUpdate = ShelfPositionCreate.extend({ id: z.coerce.number().int().positive() });
export const ShelfPositionListQuery = ResourceListQuery.extend({ shelfId: zOptRefId.optional() });

/** A shelf area (书架区域 / collection area): a run of shelves of a location, width in cm. */
export const ShelfAreaCreate = z.object({
  locationId: zRefReq('basic.shelf.locationRequired'),
  /** Spec §5: collection area is required. */
  name: zName('basic.shelfArea.nameRequired'),
  code: zText(30),
  widthCm: z.coerce.number().int().min(0).max(100000).default(0),
  shelfCount: z.coerce.number().int().min(0).max(10000).default(0),
  remark: zText(),
  sort: zSort,
});
export const ShelfAreaUpdate = ShelfAreaCreate.extend({ id: z.coerce.number().int().positive() });
export const ShelfAreaListQuery = ResourceListQuery.extend({ locationId: zOptRefId.optional() });
