import {
  BarcodeBody,
  BarcodeOrRfidBody,
  CollectionExport,
  ColumnScreenQuery,
  COPY_SEARCH_TYPES,
  CopiesUpdate,
  CopyFilters,
  CopyIdBody,
  CopyUpdate,
  RfidBind,
  WarningQuery,
} from '@shuyuan/contracts/catalogue/collection';
import { IdBody, IdsBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { ACCESS, needAny } from './access.ts';
import { columnScreen, columnSet, startCollectionExport } from './collection-export.ts';
import * as copies from './collection.service.ts';
import { bindRfid, unbindRfid } from './rfid.service.ts';

/** Permission code of the copy list (/collection). */
const COLLECTION = 'collection';
const L = `${P}/Literature`;
const IsbnQuery = z.object({ isbn: z.string().trim().min(1).max(40) });
const BarcodeListQuery = z.object({
  recordId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
});

/** /collection: find, total, edit and delete copies; scan by barcode or RFID; bind tags; export. */
export function collectionRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${L}/GetItemCollectionSearchType`,
    access: 'school',
    summary: 'What the copy list search box can look in, named in the caller’s language',
    handler: ({ t }) => COPY_SEARCH_TYPES.map((value) => ({ value, label: t(`catalogue.searchType.${value}`) })),
  });
  route(app, {
    url: `${L}/GetCollectionToBarCode`,
    access: 'school',
    schema: BarcodeBody,
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.getCopy(db, scope, { barcode: body.barcode });
    },
  });
  route(app, {
    url: `${L}/getcollectioninfo`,
    access: 'school',
    schema: IdBody,
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.getCopy(db, scope, { id: body.id });
    },
  });
  route(app, {
    url: `${L}/GetBookToBarCodeORfid`,
    access: 'school',
    schema: BarcodeOrRfidBody,
    summary: 'The copy of a scanned barcode or RFID tag',
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.copyByBarcodeOrRfid(db, scope, body.code);
    },
  });
  route(app, {
    url: `${L}/GetCollectionToCatalogue`,
    access: 'school',
    schema: BarcodeBody,
    summary: 'The record of a scanned copy',
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.recordOfBarcode(db, scope, body.barcode);
    },
  });
  route(app, {
    url: `${P}/Catalogue/RecordsByIsbn`,
    access: 'school',
    schema: IsbnQuery,
    summary: "The school's records with this ISBN (duplicate warning of /book-editing)",
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.recordsByIsbn(db, scope, body.isbn);
    },
  });
  route(app, {
    url: `${L}/GetItemsSumPrice`,
    access: COLLECTION,
    schema: CopyFilters,
    handler: ({ db, scope, body }) => copies.sumPrices(db, scope, body),
  });
  route(app, {
    url: `${L}/GetWarningList`,
    access: COLLECTION,
    schema: WarningQuery,
    handler: ({ db, scope, body }) => copies.warningList(db, scope, body),
  });
  route(app, {
    url: `${L}/GetBarCodeList`,
    access: 'school',
    schema: BarcodeListQuery,
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return copies.barcodeList(db, scope, body);
    },
  });
  route(app, {
    url: `${L}/updatecollectioninfo`,
    access: 'school',
    schema: CopyUpdate,
    audit: 'catalogue.copy.edit',
    handler: ({ db, scope, body, t, user }) => {
      needAny(user, ACCESS.editCopies);
      return copies.updateCopy(db, scope, body, t);
    },
  });
  route(app, {
    url: `${L}/UpdateItemsCollectionInfo`,
    access: `${COLLECTION}:edit`,
    schema: CopiesUpdate,
    audit: 'catalogue.copy.editMany',
    handler: ({ db, scope, body, t }) => copies.updateCopies(db, scope, body, t),
  });
  route(app, {
    url: `${L}/DeleteItemsCollectionInfo`,
    access: 'school',
    schema: IdsBody,
    audit: 'catalogue.copy.delete',
    handler: ({ db, scope, body, user }) => {
      needAny(user, ['collection:delete', 'resource-mana.resource.catalog:delete', 'book-editing3:delete']);
      return copies.deleteCopies(db, scope, body.ids);
    },
  });
  route(app, {
    url: `${L}/DeleteBookAllRecords`,
    access: 'school',
    schema: IdsBody,
    audit: 'catalogue.record.delete',
    summary: 'Delete records with all their copies (refused while a copy is on loan)',
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.deleteRecord);
      return copies.deleteRecords(db, scope, body.ids);
    },
  });
  route(app, {
    url: `${P}/Catalogue/BindRfid`,
    access: 'school',
    schema: RfidBind,
    audit: 'catalogue.rfid.bind',
    handler: ({ db, scope, body, t, user }) => {
      needAny(user, ACCESS.editCopies);
      return bindRfid(db, scope, body, t);
    },
  });
  route(app, {
    url: `${P}/Catalogue/UnbindRfid`,
    access: 'school',
    schema: CopyIdBody,
    audit: 'catalogue.rfid.unbind',
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.editCopies);
      return unbindRfid(db, scope, body.copyId);
    },
  });
  route(app, {
    url: `${P}/Download/ColumnScreen`,
    access: 'school',
    schema: ColumnScreenQuery,
    summary: 'Columns an export of this type can have (collection, …), with the default choice',
    handler: ({ body, t, user }) => {
      const set = columnSet(body.type);
      if (!set) throw notFound();
      needAny(user, [set.access]);
      return columnScreen(set, t);
    },
  });
  route(app, {
    url: `${P}/DownloadV2/Collection`,
    access: `${COLLECTION}:export`,
    schema: CollectionExport,
    audit: 'catalogue.copy.export',
    summary: 'Export the filtered copy list with the chosen columns (background job)',
    handler: (ctx) => startCollectionExport(app, ctx),
  });
}
