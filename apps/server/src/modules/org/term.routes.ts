import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OrganizationCreate, OrganizationListQuery, OrganizationUpdate } from '@shuyuan/contracts/org/organization';
import {
  PermissionGroupCreate,
  PermissionGroupListQuery,
  PermissionGroupUpdate,
} from '@shuyuan/contracts/org/permission-group';
import {
  SubjectCreate,
  SubjectListQuery,
  SubjectUpdate,
  TermCreate,
  TermListQuery,
  TermUpdate,
} from '@shuyuan/contracts/org/term';
import { defineResource } from '../../platform/resource/define.ts';
import { clearOtherDefaults } from '../basic/refs.ts';
import { orgContact, permissionGroup } from './organization.table.ts';
import { subject, term } from './term.table.ts';

/** Terms and subjects (/semester), school organisation contacts (/organization), permission groups (/permission). */
export function termRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Org',
    entity: 'Term',
    table: term,
    permission: 'semester',
    audit: 'term',
    contracts: { create: TermCreate, update: TermUpdate, list: TermListQuery },
    search: [term.name],
    orderBy: [desc(term.startDate), asc(term.id)],
    unique: [{ field: 'name', labelKey: 'org.term.name', columns: [term.name], constraint: 'term_school_name_uq' }],
    hooks: {
      // One current term per school.
      afterSave: async ({ ctx, db, row }) => {
        if (row.isCurrent) await clearOtherDefaults(db, ctx, term, term.isCurrent, row.id);
      },
    },
  });

  defineResource(app, {
    area: 'Org',
    entity: 'Subject',
    table: subject,
    permission: 'semester',
    audit: 'subject',
    contracts: { create: SubjectCreate, update: SubjectUpdate, list: SubjectListQuery },
    search: [subject.name, subject.code],
    orderBy: [asc(subject.sort), asc(subject.id)],
    unique: [
      { field: 'name', labelKey: 'org.subject.name', columns: [subject.name], constraint: 'subject_school_name_uq' },
    ],
  });

  defineResource(app, {
    area: 'Org',
    entity: 'Organization',
    table: orgContact,
    permission: 'organization',
    audit: 'organization',
    contracts: { create: OrganizationCreate, update: OrganizationUpdate, list: OrganizationListQuery },
    search: [orgContact.title, orgContact.person, orgContact.phone],
    orderBy: [asc(orgContact.sort), asc(orgContact.id)],
  });

  defineResource(app, {
    area: 'Org',
    entity: 'PermissionGroup',
    table: permissionGroup,
    permission: 'permission',
    audit: 'permissionGroup',
    contracts: { create: PermissionGroupCreate, update: PermissionGroupUpdate, list: PermissionGroupListQuery },
    search: [permissionGroup.name, permissionGroup.description],
    filters: (q) => [
      q.identity === undefined ? undefined : eq(permissionGroup.identity, q.identity),
      q.state === undefined ? undefined : eq(permissionGroup.state, q.state),
    ],
    orderBy: [asc(permissionGroup.sort), asc(permissionGroup.id)],
    unique: [
      {
        field: 'name',
        labelKey: 'org.permission.name',
        columns: [permissionGroup.name],
        constraint: 'permission_group_school_name_uq',
      },
    ],
    hooks: {
      // One default group per identity: new readers of that identity get it.
      afterSave: async ({ ctx, db, row }) => {
        if (row.isDefault)
          await clearOtherDefaults(
            db,
            ctx,
            permissionGroup,
            permissionGroup.isDefault,
            row.id,
            eq(permissionGroup.identity, row.identity),
          );
      },
    },
  });
}
