import { P } from '@shuyuan/contracts/common/paths';
import {
  RemoteIdBody,
  UnionCopyRemote,
  UnionRemoteCreate,
  UnionRemoteSearchQuery,
  UnionRemoteTarget,
  UnionRemoteUpdate,
} from '@shuyuan/contracts/union/remote';
import { UNION_CATALOG, UNION_MANA, UNION_SEARCH, UnionIdBody } from '@shuyuan/contracts/union/union';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.ts';
import { recordRules } from '../catalogue/record-rules.service.ts';
import { copyRemoteRecord, remoteSearch } from './remote-search.service.ts';
import * as s from './union-remote.service.ts';

const U = `${P}/Union`;

/** Remote members of a union: other deployments' schools (or any SRU server) asked over SRU (README "Federation"). */
export function unionRemoteRoutes(app: FastifyInstance): void {
  route(app, {
    url: `${U}/GetRemotes`,
    access: UNION_MANA,
    schema: UnionIdBody,
    summary: "A union's remote members (SRU servers of other deployments)",
    handler: ({ db, scope, body }) => s.listRemotes(db, scope, body.unionId),
  });
  route(app, {
    url: `${U}/AddRemote`,
    access: `${UNION_MANA}:add`,
    schema: UnionRemoteCreate,
    audit: 'union.remote.add',
    summary: 'Add a remote member by its SRU base URL (creator or administrators)',
    handler: ({ db, scope, body, t }) => s.addRemote(db, scope, body, t),
  });
  route(app, {
    url: `${U}/UpdateRemote`,
    access: `${UNION_MANA}:edit`,
    schema: UnionRemoteUpdate,
    audit: 'union.remote.edit',
    summary: 'Change a remote member: name, address, version, timeout, enabled (creator or administrators)',
    handler: ({ db, scope, body, t }) => s.updateRemote(db, scope, body, t),
  });
  route(app, {
    url: `${U}/DeleteRemote`,
    access: `${UNION_MANA}:delete`,
    schema: RemoteIdBody,
    audit: 'union.remote.delete',
    summary: 'Remove a remote member (creator or administrators)',
    handler: ({ db, scope, body }) => s.deleteRemote(db, scope, body.id),
  });
  route(app, {
    url: `${U}/TestRemote`,
    access: UNION_MANA,
    schema: UnionRemoteTarget,
    summary: 'Try an SRU address (creator or administrators): explain and a one-record search',
    handler: ({ db, scope, body, t }) => s.testRemote(db, scope, body, t),
  });
  route(app, {
    url: `${U}/RemoteSearch`,
    access: UNION_SEARCH,
    schema: UnionRemoteSearchQuery,
    summary: "The union search's text asked of every enabled remote member at once: hits and each one's status",
    handler: ({ db, scope, body, t }) => remoteSearch(db, scope, body, t),
  });
  route(app, {
    url: `${U}/RemoteCatalogSearch`,
    access: UNION_CATALOG,
    schema: UnionRemoteSearchQuery,
    summary: "Remote members' records to copy: with their MARC and the school's own match",
    handler: ({ db, scope, body, t }) => remoteSearch(db, scope, body, t, { catalog: true }),
  });
  route(app, {
    url: `${U}/CopyRemoteRecord`,
    access: `${UNION_CATALOG}:add`,
    schema: UnionCopyRemote,
    audit: 'union.copyRemote',
    summary:
      "Copy a remote member's record into the school from its MARC (refused while it holds a match, unless force)",
    handler: ({ db, scope, body, t, user }) =>
      copyRemoteRecord(db, scope, body, t, recordRules(scope, t, user?.userId)),
  });
}
