import { P } from '@shuyuan/contracts/common/paths';
import {
  MemberIdBody,
  UNION_CATALOG,
  UNION_MANA,
  UNION_SEARCH,
  UnionApply,
  UnionCopyRecord,
  UnionCreate,
  UnionIdBody,
  UnionInvite,
  UnionListQuery,
  UnionRecordBody,
  UnionReview,
  UnionSearchQuery,
  UnionSetRole,
  UnionSharing,
  UnionUpdate,
} from '@shuyuan/contracts/union/union';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { needAny } from '../catalogue/access.ts';
import { recordRules } from '../catalogue/record-rules.service.ts';
import { catalogSearch, copyRecord, sharedRecordDetail } from './union-catalog.service.ts';
import { unionSearch } from './union-search.service.ts';
import * as s from './union.service.ts';

const U = `${P}/Union`;

/** `/union/union-mana`, `/union/search`, `/union-catalog`, `/orschool` (README). */
export function unionRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${U}/GetUnionList`,
    access: UNION_MANA,
    schema: UnionListQuery,
    summary: "Unions of the deployment with the caller's membership",
    handler: ({ db, scope, body }) => s.listUnions(db, scope, body),
  });
  route(app, {
    url: `${U}/GetMyUnions`,
    access: 'school',
    summary: `Unions the school is a passed member of (${[UNION_MANA, UNION_SEARCH, UNION_CATALOG].join(' | ')})`,
    handler: ({ db, scope, user }) => {
      needAny(user, [UNION_MANA, UNION_SEARCH, UNION_CATALOG]);
      return s.myUnions(db, scope);
    },
  });
  route(app, {
    url: `${U}/GetMyInvitations`,
    access: UNION_MANA,
    summary: 'Invitations waiting for the school to answer',
    handler: ({ db, scope }) => s.myInvitations(db, scope),
  });
  route(app, {
    url: `${U}/AddUnion`,
    access: `${UNION_MANA}:add`,
    schema: UnionCreate,
    audit: 'union.add',
    summary: 'Create a union; the school is its creator',
    handler: ({ db, scope, body }) => s.createUnion(db, scope, body),
  });
  route(app, {
    url: `${U}/UpdateUnion`,
    access: `${UNION_MANA}:edit`,
    schema: UnionUpdate,
    audit: 'union.edit',
    summary: 'Rename a union (its creator or administrators)',
    handler: ({ db, scope, body }) => s.updateUnion(db, scope, body),
  });
  route(app, {
    url: `${U}/DissolveUnion`,
    access: `${UNION_MANA}:delete`,
    schema: UnionIdBody,
    audit: 'union.dissolve',
    summary: 'Dissolve a union (its creator)',
    handler: ({ db, scope, body }) => s.dissolveUnion(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/ApplyUnion`,
    access: `${UNION_MANA}:add`,
    schema: UnionApply,
    audit: 'union.apply',
    summary: 'The school applies to join a union (pending review)',
    handler: ({ db, scope, body }) => s.applyToUnion(db, scope, body),
  });
  route(app, {
    url: `${U}/InviteSchool`,
    access: `${UNION_MANA}:add`,
    schema: UnionInvite,
    audit: 'union.invite',
    summary: 'Invite a school by its code (creator or administrators); the school answers',
    handler: ({ db, scope, body, t }) => s.inviteSchool(db, scope, body, t),
  });
  route(app, {
    url: `${U}/ReviewMember`,
    access: `${UNION_MANA}:audit`,
    schema: UnionReview,
    audit: 'union.review',
    summary: "Pass or reject an application (the union's managers) or answer an invitation (the invited school)",
    handler: ({ db, scope, body }) => s.reviewMember(db, scope, body),
  });
  route(app, {
    url: `${U}/SetMemberRole`,
    access: `${UNION_MANA}:edit`,
    schema: UnionSetRole,
    audit: 'union.role',
    summary: 'Make a member administrator or ordinary member (the creator)',
    handler: ({ db, scope, body }) => s.setMemberRole(db, scope, body),
  });
  route(app, {
    url: `${U}/HandOver`,
    access: `${UNION_MANA}:edit`,
    schema: MemberIdBody,
    audit: 'union.handOver',
    summary: 'The creator hands the union over to another member',
    handler: ({ db, scope, body }) => s.handOver(db, scope, body.memberId),
  });
  route(app, {
    url: `${U}/LeaveUnion`,
    access: `${UNION_MANA}:delete`,
    schema: UnionIdBody,
    audit: 'union.leave',
    summary: 'The school leaves a union or withdraws its application (not the creator)',
    handler: ({ db, scope, body }) => s.leaveUnion(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/RemoveMember`,
    access: `${UNION_MANA}:delete`,
    schema: MemberIdBody,
    audit: 'union.remove',
    summary: 'Remove a member (creator or administrators)',
    handler: ({ db, scope, body }) => s.removeMember(db, scope, body.memberId),
  });
  route(app, {
    url: `${U}/GetMembers`,
    access: UNION_MANA,
    schema: UnionIdBody,
    summary: 'Members of a union the school belongs to (applications for its managers)',
    handler: ({ db, scope, body }) => s.listMembers(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/GetSharing`,
    access: UNION_MANA,
    schema: UnionIdBody,
    summary: 'What the school shares with a union, and its locations and resource types to choose from',
    handler: ({ db, scope, body }) => s.sharingOptions(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/SaveSharing`,
    access: `${UNION_MANA}:edit`,
    schema: UnionSharing,
    audit: 'union.sharing',
    summary: 'Catalogue only or catalogue and lending; which locations and resource types',
    handler: ({ db, scope, body, t }) => s.saveSharing(db, scope, body, t),
  });
  route(app, {
    url: `${U}/Search`,
    access: UNION_SEARCH,
    schema: UnionSearchQuery,
    summary: "One search over the members' shared catalogues: hits with holdings per school, facets",
    handler: async ({ db, scope, body }) => {
      const { view: _v, ...res } = await unionSearch(db, scope, body);
      return { ...res, List: res.List.map(({ matchKeys: _k, ...h }) => h) };
    },
  });
  route(app, {
    url: `${U}/CatalogSearch`,
    access: UNION_CATALOG,
    schema: UnionSearchQuery,
    summary: "Other members' shared records, each with the school's own match (already held)",
    handler: ({ db, scope, body, t }) => catalogSearch(db, scope, body, t),
  });
  route(app, {
    url: `${U}/GetSharedRecord`,
    access: UNION_CATALOG,
    schema: UnionRecordBody,
    summary: "A member's shared record in full (MARC, class, subjects)",
    handler: ({ db, scope, body }) => sharedRecordDetail(db, scope, body),
  });
  route(app, {
    url: `${U}/CopyRecord`,
    access: `${UNION_CATALOG}:add`,
    schema: UnionCopyRecord,
    audit: 'union.copyRecord',
    summary: "Copy a member's shared record into the school (refused while it holds a match, unless force)",
    handler: ({ db, scope, body, t, user }) => copyRecord(db, scope, body, t, recordRules(scope, t, user?.userId)),
  });
  route(app, {
    url: `${U}/PublicSchools`,
    access: 'publicSchool',
    summary: 'The schools of the unions the named school belongs to (/orschool)',
    handler: ({ db, scope }) => s.unionSchools(db, scope),
  });
}
