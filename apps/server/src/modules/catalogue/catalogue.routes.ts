import { CopySearchQuery } from '@shuyuan/contracts/catalogue/collection';
import type { CircState } from '@shuyuan/contracts/catalogue/copy-state';
import {
  CopyAdd,
  CopyStateChange,
  RecordCreate,
  RecordSearchQuery,
  RecordUpdate,
} from '@shuyuan/contracts/catalogue/record';
import { IdBody } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { ACCESS, CATALOG, needAny } from './access.ts';
import { staffSearch } from './catalogue-search.service.ts';
import * as service from './catalogue.service.ts';
import { searchCopies } from './collection.service.ts';
import { recordRules } from './record-rules.service.ts';

export function catalogueRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Literature/AddItemsCatalogueInfo`,
    access: 'school',
    schema: RecordCreate,
    audit: 'catalogue.record.add',
    summary: `Create a record (${ACCESS.addRecord.join(' | ')})`,
    handler: ({ db, scope, body, t, user }) => {
      needAny(user, ACCESS.addRecord);
      return service.createRecord(db, scope, body, recordRules(scope, t, user?.userId));
    },
  });
  route(app, {
    url: `${P}/Catalogue/UpdateRecord`,
    access: 'school',
    schema: RecordUpdate,
    audit: 'catalogue.record.edit',
    summary: `Update a record (${ACCESS.editRecord.join(' | ')})`,
    handler: ({ db, scope, body, t, user }) => {
      needAny(user, ACCESS.editRecord);
      return service.updateRecord(db, scope, body, recordRules(scope, t, user?.userId));
    },
  });
  route(app, {
    url: `${P}/Catalogue/SearchRecords`,
    access: CATALOG,
    schema: RecordSearchQuery,
    handler: ({ db, scope, body }) => staffSearch(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/GetRecord`,
    access: 'school',
    schema: IdBody,
    summary: `One whole record (${ACCESS.view.join(' | ')})`,
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return service.getRecord(db, scope, body.id);
    },
  });
  route(app, {
    url: `${P}/Literature/AddItemsCollectionInfo`,
    access: 'school',
    schema: CopyAdd,
    audit: 'catalogue.copy.add',
    summary: `Add N copies of a record (${ACCESS.addCopies.join(' | ')})`,
    handler: ({ db, scope, body, t, user }) => {
      needAny(user, ACCESS.addCopies);
      return service.addCopies(db, scope, body, t);
    },
  });
  route(app, {
    url: `${P}/Literature/GetItemsCollection`,
    access: 'school',
    schema: CopySearchQuery,
    summary: `Copies of a record, or of the collection filtered (${ACCESS.view.join(' | ')})`,
    handler: ({ db, scope, body, user }) => {
      needAny(user, ACCESS.view);
      return searchCopies(db, scope, body);
    },
  });
  route(app, {
    url: `${P}/Catalogue/ChangeCopyState`,
    access: 'school',
    schema: CopyStateChange,
    audit: 'catalogue.copy.state',
    summary: `Move a copy by hand between available, lost and locked; loan states are circulation's (${ACCESS.editCopies.join(' | ')})`,
    handler: ({ db, scope, body, user, t }) => {
      needAny(user, ACCESS.editCopies);
      return service.changeCopyState(db, scope, body.id, body.to as CircState, t);
    },
  });
}
