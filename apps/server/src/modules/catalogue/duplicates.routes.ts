import {
  DuplicateGroupsQuery,
  MergeRecords,
  NotDuplicates,
  RecordMatchQuery,
} from '@shuyuan/contracts/catalogue/duplicates';
import { P } from '@shuyuan/contracts/common/paths';
import type { FastifyInstance } from 'fastify';
import { analyzeTables } from '../../platform/analyze.ts';
import { route } from '../../platform/route.ts';
import { ACCESS, needAny } from './access.ts';
import { catalogueRecord, copy } from './catalogue.table.ts';
import { duplicateGroups, markNotDuplicates, mergeRecords } from './duplicates.service.ts';
import { recordsMatching } from './match.service.ts';

/** The duplicate-check screen `/record-duplicates` (issue 14 §2): records sharing a match key. */
export const DUPLICATES = 'record-duplicates';

export function duplicatesRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${P}/Catalogue/DuplicateGroups`,
    access: DUPLICATES,
    schema: DuplicateGroupsQuery,
    handler: ({ db, scope, body }) => duplicateGroups(db, scope, body),
  });
  route(app, {
    url: `${P}/Catalogue/MergeRecords`,
    access: `${DUPLICATES}:merge`,
    schema: MergeRecords,
    audit: 'catalogue.record.merge',
    handler: async ({ db, scope, body }) => {
      const r = await mergeRecords(db, scope, body.keepId, body.dropIds);
      if (r.copies) await analyzeTables(db, copy, catalogueRecord);
      return r;
    },
  });
  route(app, {
    url: `${P}/Catalogue/RecordsByMatchKeys`,
    access: 'school',
    schema: RecordMatchQuery,
    summary: "The school's records sharing a match key with a record being catalogued (duplicate warning)",
    handler: ({ db, scope, body, user, t }) => {
      needAny(user, ACCESS.view);
      return recordsMatching(db, scope, body, t);
    },
  });
  route(app, {
    url: `${P}/Catalogue/NotDuplicates`,
    access: `${DUPLICATES}:merge`,
    schema: NotDuplicates,
    audit: 'catalogue.record.notDuplicates',
    handler: ({ db, scope, body, user }) => markNotDuplicates(db, scope, body.ids, user?.userId),
  });
}
