import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { P } from '@shuyuan/contracts/common/paths';
import {
  ROLE_GRANT,
  ROLE_PERMISSION,
  type Role,
  RoleCandidateQuery,
  RoleCreate,
  RoleGrant,
  RoleListQuery,
  RoleUpdate,
  RoleUserQuery,
  RoleUsersChange,
} from '@shuyuan/contracts/role/role';
import { StaffUserCreate, UserPasswordReset, UserStateChange } from '@shuyuan/contracts/role/staff';
import { fail } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource/define.ts';
import { route } from '../../platform/route.ts';
import { role } from '../auth/role.table.ts';
import { addRoleUsers, grantRole, removeRoleUsers, roleCandidates, roleUsers, userCounts } from './role.service.ts';
import './role.messages.ts';
import { addStaffUser, resetUserPassword, setUserState } from './staff.service.ts';

/** /department/permission/role: the roles of the school, what they grant, and who holds them. */
export function roleRoutes(app: FastifyInstance): void {
  defineResource(app, {
    area: 'Role',
    entity: 'Role',
    table: role,
    permission: ROLE_PERMISSION,
    audit: 'role',
    contracts: { create: RoleCreate, update: RoleUpdate, list: RoleListQuery },
    search: [role.name, role.enName, role.description],
    filters: (q) => [q.state === undefined ? undefined : eq(role.state, q.state)],
    orderBy: [asc(role.sort), asc(role.id)],
    unique: [{ field: 'name', labelKey: 'role.field.name', columns: [role.name], constraint: 'role_school_name_uq' }],
    toDto: async (r, ctx): Promise<Role> => {
      const n = await userCounts(ctx.db, ctx.scope, [r.id]);
      return {
        id: r.id,
        name: r.name,
        enName: r.enName ?? '',
        description: r.description,
        state: r.state,
        sort: r.sort,
        isSystem: r.isSystem,
        permissions: r.permissions,
        userCount: n.get(r.id) ?? 0,
      };
    },
    hooks: {
      // A system role (the school's administrator) stays enabled: disabling it would lock the school out.
      beforeSave: ({ existing, input }) => {
        if (existing?.isSystem && (input as RoleUpdate).state === 0) throw fail('ROLE_SYSTEM', 'role.error.system');
      },
      // System roles cannot be deleted; a role still held by users is in use.
      beforeDelete: async ({ ctx, db, rows }) => {
        const sys = rows.find((r) => r.isSystem);
        if (sys) throw fail('ROLE_SYSTEM', 'role.error.system');
        const counts = await userCounts(
          db,
          ctx.scope,
          rows.map((r) => r.id),
        );
        const used = rows.find((r) => counts.get(r.id));
        if (used) throw fail('IN_USE', 'role.error.inUse', { name: used.name });
      },
    },
    export: {
      fileNameKey: 'role.file',
      columns: [
        { labelKey: 'role.field.name', value: (d) => d.name, width: 24 },
        { labelKey: 'role.field.enName', value: (d) => d.enName, width: 24 },
        { labelKey: 'role.field.description', value: (d) => d.description, width: 40 },
        { labelKey: 'role.field.state', value: (d, t) => t(`role.state.${d.state}`), width: 10 },
        { labelKey: 'role.field.sort', value: (d) => d.sort, width: 8 },
        { labelKey: 'role.field.userCount', value: (d) => d.userCount, width: 10 },
      ],
    },
  });

  route(app, {
    url: `${P}/Role/SetRolePermissions`,
    access: ROLE_GRANT,
    schema: RoleGrant,
    audit: 'role.grant',
    handler: ({ db, scope, user, body }) => grantRole(db, scope, user!, body),
  });
  route(app, {
    url: `${P}/Role/GetRoleUsers`,
    access: ROLE_PERMISSION,
    schema: RoleUserQuery,
    handler: ({ db, scope, body }) => roleUsers(db, scope, body),
  });
  route(app, {
    url: `${P}/Role/GetRoleCandidates`,
    access: ROLE_GRANT,
    schema: RoleCandidateQuery,
    handler: ({ db, scope, body }) => roleCandidates(db, scope, body),
  });
  route(app, {
    url: `${P}/Role/AddRoleUsers`,
    access: ROLE_GRANT,
    schema: RoleUsersChange,
    audit: 'role.addUsers',
    handler: ({ db, scope, body }) => addRoleUsers(db, scope, body),
  });
  route(app, {
    url: `${P}/Role/RemoveRoleUsers`,
    access: ROLE_GRANT,
    schema: RoleUsersChange,
    audit: 'role.removeUsers',
    handler: ({ db, scope, body }) => removeRoleUsers(db, scope, body),
  });
  // Staff accounts are managed where they get their rights: created into a role, reset, disabled.
  route(app, {
    url: `${P}/Role/AddStaffUser`,
    access: ROLE_GRANT,
    schema: StaffUserCreate,
    audit: 'role.addStaffUser',
    handler: ({ db, scope, body, t }) => addStaffUser(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Role/ResetUserPassword`,
    access: ROLE_GRANT,
    schema: UserPasswordReset,
    audit: 'role.resetUserPassword',
    handler: ({ db, scope, body, t }) => resetUserPassword(db, scope, body, t),
  });
  route(app, {
    url: `${P}/Role/SetUserState`,
    access: ROLE_GRANT,
    schema: UserStateChange,
    audit: 'role.setUserState',
    handler: ({ db, scope, user, body }) => setUserState(db, scope, user!, body),
  });
}
