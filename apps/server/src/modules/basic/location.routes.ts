import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LocationCreate, LocationListQuery, LocationUpdate } from '@shuyuan/contracts/basic/location';
import {
  ShelfAreaCreate,
  ShelfAreaListQuery,
  ShelfAreaUpdate,
  ShelfCreate,
  ShelfListQuery,
  ShelfPositionCreate,
  ShelfPositionListQuery,
  ShelfPositionUpdate,
  ShelfUpdate,
} from '@shuyuan/contracts/basic/shelf';
import { defineResource } from '../../platform/resource/define.ts';
import { branch } from './branch.table.ts';
import { location } from './location.table.ts';
import { mustExist, nameOf, refuseIfUsed } from './refs.ts';
import { shelf, shelfArea, shelfPosition } from './shelf.table.ts';

const opt = <T>(v: T | null | undefined) => (v == null ? undefined : v);

/** Locations, shelves, shelf positions and shelf areas: each checks its parent is in the same school. */
export function locationRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Basic',
    entity: 'Location',
    table: location,
    permission: 'resource-mana.basic-set.location',
    audit: 'location',
    contracts: { create: LocationCreate, update: LocationUpdate, list: LocationListQuery },
    search: [location.name, location.code],
    filters: (q) => [
      q.state === undefined ? undefined : eq(location.state, q.state),
      opt(q.branchId) === undefined ? undefined : eq(location.branchId, q.branchId!),
    ],
    orderBy: [asc(location.sort), asc(location.id)],
    unique: [
      {
        field: 'code',
        labelKey: 'basic.location.code',
        columns: [location.code],
        constraint: 'location_school_code_uq',
      },
    ],
    toDto: async (r, ctx) => ({ ...r, branchName: await nameOf(ctx, branch, branch.name, r.branchId) }),
    hooks: {
      beforeSave: ({ ctx, db, input }) =>
        mustExist(db, ctx, branch, input.branchId, 'branchId', 'basic.location.branchRequired'),
      beforeDelete: async ({ ctx, db, rows }) => {
        const ids = rows.map((r) => r.id);
        await refuseIfUsed(db, ctx, shelf, shelf.locationId, ids, 'basic.location.hasShelves');
        await refuseIfUsed(db, ctx, shelfArea, shelfArea.locationId, ids, 'basic.location.hasShelves');
      },
    },
  });

  defineResource(app, {
    area: 'Basic',
    entity: 'Shelf',
    table: shelf,
    permission: 'resource-mana.basic-set.location-num',
    audit: 'shelf',
    contracts: { create: ShelfCreate, update: ShelfUpdate, list: ShelfListQuery },
    search: [shelf.code, shelf.barcode, shelf.callFrom, shelf.callTo],
    filters: (q) => [
      q.state === undefined ? undefined : eq(shelf.state, q.state),
      opt(q.locationId) === undefined ? undefined : eq(shelf.locationId, q.locationId!),
    ],
    orderBy: [asc(shelf.sort), asc(shelf.code), asc(shelf.id)],
    unique: [
      {
        field: 'barcode',
        labelKey: 'basic.shelf.barcode',
        columns: [shelf.barcode],
        constraint: 'shelf_school_barcode_uq',
      },
      {
        field: 'code',
        labelKey: 'basic.shelf.code',
        columns: [shelf.locationId, shelf.code],
        constraint: 'shelf_location_code_uq',
      },
    ],
    toDto: async (r, ctx) => ({ ...r, locationName: await nameOf(ctx, location, location.name, r.locationId) }),
    hooks: {
      beforeSave: ({ ctx, db, input }) =>
        mustExist(db, ctx, location, input.locationId, 'locationId', 'basic.shelf.locationRequired'),
      beforeDelete: ({ ctx, db, rows }) =>
        refuseIfUsed(
          db,
          ctx,
          shelfPosition,
          shelfPosition.shelfId,
          rows.map((r) => r.id),
          'basic.shelf.hasPositions',
        ),
    },
  });

  defineResource(app, {
    area: 'Basic',
    entity: 'ShelfPosition',
    table: shelfPosition,
    permission: 'resource-mana.basic-set.location-num-pos',
    audit: 'shelfPosition',
    contracts: { create: ShelfPositionCreate, update: ShelfPositionUpdate, list: ShelfPositionListQuery },
    search: [shelfPosition.code, shelfPosition.barcode],
    filters: (q) => [opt(q.shelfId) === undefined ? undefined : eq(shelfPosition.shelfId, q.shelfId!)],
    orderBy: [asc(shelfPosition.shelfId), asc(shelfPosition.face), asc(shelfPosition.layer), asc(shelfPosition.column)],
    unique: [
      {
        field: 'code',
        labelKey: 'basic.shelfPosition.code',
        columns: [shelfPosition.code],
        constraint: 'shelf_position_school_code_uq',
      },
    ],
    toDto: async (r, ctx) => ({ ...r, shelfCode: await nameOf(ctx, shelf, shelf.code, r.shelfId) }),
    hooks: {
      beforeSave: ({ ctx, db, input }) =>
        mustExist(db, ctx, shelf, input.shelfId, 'shelfId', 'basic.shelfPosition.shelfRequired'),
    },
  });

  defineResource(app, {
    area: 'Basic',
    entity: 'ShelfArea',
    table: shelfArea,
    permission: 'bookshelf-area',
    audit: 'shelfArea',
    contracts: { create: ShelfAreaCreate, update: ShelfAreaUpdate, list: ShelfAreaListQuery },
    search: [shelfArea.name, shelfArea.code],
    filters: (q) => [opt(q.locationId) === undefined ? undefined : eq(shelfArea.locationId, q.locationId!)],
    orderBy: [asc(shelfArea.sort), asc(shelfArea.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'basic.shelfArea.name',
        columns: [shelfArea.locationId, shelfArea.name],
        constraint: 'shelf_area_location_name_uq',
      },
    ],
    toDto: async (r, ctx) => ({ ...r, locationName: await nameOf(ctx, location, location.name, r.locationId) }),
    hooks: {
      beforeSave: ({ ctx, db, input }) =>
        mustExist(db, ctx, location, input.locationId, 'locationId', 'basic.shelf.locationRequired'),
    },
  });
}
