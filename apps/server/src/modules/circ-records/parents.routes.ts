import {
  KinLoanQuery,
  StudentParentListQuery,
  UpdateStudentParentsBody,
} from '@shuyuan/contracts/circ-records/parents';
import { P } from '@shuyuan/contracts/common/paths';
import { opCode } from '@shuyuan/contracts/kit/resource';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/principal.ts';
import { type Ctx, route } from '../../platform/route.ts';
import { startLoanExport } from './records.export.ts';
import { kinLoans, kinUserIds, listLinks, updateStudentParents } from './parents.service.ts';

const RECORDS = 'parents-br-records';
const NO_RETURN = 'parents-no-return';
/** Linking parents to students is an edit of readers (/department/user-transfer). */
const READERS_EDIT = opCode('department.user-transfer', 'edit');

/**
 * A signed-in parent sees only their own children; staff need the screen's permission and may look at any
 * parent (or all linked students).
 */
function kinScope(ctx: Ctx<KinLoanQuery>, screen: string): KinLoanQuery {
  const user = ctx.user;
  if (user?.identity === 'parent' && !hasPermission(user, screen)) {
    return { ...ctx.body, parentId: user.userId, parent: undefined };
  }
  if (!user || !hasPermission(user, screen)) throw forbidden();
  return ctx.body;
}

export function parentRoutes(app: FastifyInstance): void {
  route(app, {
    url: '/micro/basic/open/StudentParents/updateStudentParents',
    access: READERS_EDIT,
    schema: UpdateStudentParentsBody,
    audit: 'studentParents.update',
    summary: 'Set the parents (parent readers) of a student reader; replaces the previous links',
    handler: (ctx) => updateStudentParents(ctx, ctx.body),
  });

  route(app, {
    url: `${P}/CircRecords/GetStudentParentList`,
    access: RECORDS,
    schema: StudentParentListQuery,
    summary: 'Parent–student links (search by either name or account)',
    handler: ({ db, scope, body }) => listLinks(db, scope, body, body),
  });

  route(app, {
    url: `${P}/CircRecords/GetParentLoanList`,
    access: RECORDS,
    schema: KinLoanQuery,
    summary: 'Loans of students linked to parents (/parents-br-records)',
    handler: ({ db, scope, body }) => kinLoans(db, scope, body, false),
  });

  route(app, {
    url: `${P}/CircRecords/GetParentNoReturnList`,
    access: NO_RETURN,
    schema: KinLoanQuery,
    summary: 'Items still on loan to students linked to parents (/parents-no-return)',
    handler: ({ db, scope, body }) => kinLoans(db, scope, body, true),
  });

  for (const [screen, open, url, key] of [
    [RECORDS, false, 'ExportParentLoans', 'circRecords.file.parentRecords'],
    [NO_RETURN, true, 'ExportParentNoReturn', 'circRecords.file.parentNoReturn'],
  ] as const) {
    route(app, {
      url: `${P}/CircRecords/${url}`,
      access: opCode(screen, 'export'),
      schema: KinLoanQuery,
      audit: `circRecord.${url}`,
      handler: async (ctx) => {
        const userIds = await kinUserIds(ctx.db, ctx.scope, ctx.body);
        const state = open && ctx.body.state !== 'overdue' ? 'open' : ctx.body.state;
        return startLoanExport(app, ctx, { userIds, state }, key);
      },
    });
  }

  // Spec §7 names: usable by staff with the screen permission, and by a signed-in parent for their own children.
  route(app, {
    url: `${P}/Circulation/GetKinBorrowRecords`,
    access: 'school',
    schema: KinLoanQuery,
    summary: "Children's loan records: a parent sees only their own children",
    handler: (ctx) => kinLoans(ctx.db, ctx.scope, kinScope(ctx, RECORDS), false),
  });

  route(app, {
    url: `${P}/Circulation/GetKinBorrowing`,
    access: 'school',
    schema: KinLoanQuery,
    summary: "Children's items on loan: a parent sees only their own children",
    handler: (ctx) => kinLoans(ctx.db, ctx.scope, kinScope(ctx, NO_RETURN), true),
  });
}
