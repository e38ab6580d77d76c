import { IdBody } from '@shuyuan/contracts/common/envelope';
import {
  CopyAdd,
  CopyListQuery,
  CopyStateChange,
  RecordCreate,
  RecordSearchQuery,
  RecordUpdate,
} from '@shuyuan/contracts/catalogue/record';
import type { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import { route } from '../../platform/route.ts';
import { staffSearch } from './catalogue-search.service.ts';
import * as service from './catalogue.service.ts';

/** Permission codes of the catalogue screen (/resource-mana/resource/catalog). */
const CODE = 'resource-mana.resource.catalog';

export function catalogueRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/AddItemsCatalogueInfo`,
    access: `${CODE}:add`,
    schema: RecordCreate,
    audit: 'catalogue.record.add',
    handler: ({ db, scope, body }) => service.createRecord(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/UpdateRecord`,
    access: `${CODE}:edit`,
    schema: RecordUpdate,
    audit: 'catalogue.record.edit',
    handler: ({ db, scope, body }) => service.updateRecord(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/SearchRecords`,
    access: CODE,
    schema: RecordSearchQuery,
    handler: ({ db, scope, body }) => staffSearch(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/GetRecord`,
    access: CODE,
    schema: IdBody,
    handler: ({ db, scope, body }) => service.getRecord(db, scope, body.id),
  });
  route(app, {
    url: `${P}/Literature/AddItemsCollectionInfo`,
    access: `${CODE}:add`,
    schema: CopyAdd,
    audit: 'catalogue.copy.add',
    handler: ({ db, scope, body, t }) => service.addCopies(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Literature/GetItemsCollection`,
    access: CODE,
    schema: CopyListQuery,
    handler: ({ db, scope, body }) => service.listCopies(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/ChangeCopyState`,
    access: `${CODE}:edit`,
    schema: CopyStateChange,
    audit: 'catalogue.copy.state',
    handler: ({ db, scope, body }) => service.changeCopyState(db, scope, body.id, body.to as CircState),
  });
}
