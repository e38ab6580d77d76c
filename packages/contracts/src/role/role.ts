import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Screen /department/permission/role. */
export const ROLE_PERMISSION = 'department.permission.role';
/** Granting menus/operations and assigning users to a role (the menu lists this verb for the screen). */
export const ROLE_GRANT = `${ROLE_PERMISSION}:grant`;

export const RoleState = { disabled: 0, enabled: 1 } as const;

export const RoleCreate = z.object({
  name: zRequired('role.form.nameRequired', 50),
  enName: z.string().trim().max(100, 'validation.tooLong').optional().default(''),
  description: z.string().trim().max(500, 'validation.tooLong').optional().default(''),
  state: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.coerce.number().int().min(0).max(99999).default(0),
});
export type RoleCreate = z.infer<typeof RoleCreate>;

export const RoleUpdate = RoleCreate.extend({ id: z.number().int().positive() });
export type RoleUpdate = z.infer<typeof RoleUpdate>;

export const RoleListQuery = ResourceListQuery.extend({
  state: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export interface Role {
  id: number;
  name: string;
  enName: string;
  description: string;
  state: number;
  sort: number;
  isSystem: boolean;
  permissions: string[];
  userCount: number;
}

/** Permission code: a menu code ('sys.company'), an operation ('sys.company:add') or '*'. */
export const PermissionCode = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^(\*|[A-Za-z0-9_.\-/]+(:[A-Za-z0-9_-]+)?)$/, 'role.form.codeInvalid');

/** Replaces the menus and operations a role grants. */
export const RoleGrant = z.object({
  id: z.number().int().positive(),
  permissions: z.array(PermissionCode).max(5000),
});
export type RoleGrant = z.infer<typeof RoleGrant>;

/** Users holding a role (Page/Rows/SearchKey over account and name). */
export const RoleUserQuery = PageQuery.extend({ id: z.number().int().positive() });
export type RoleUserQuery = z.infer<typeof RoleUserQuery>;

/** Users of the school to pick from (not yet in the role). */
export const RoleCandidateQuery = PageQuery.extend({ id: z.number().int().positive() });

export const RoleUsersChange = z.object({
  id: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).min(1).max(1000),
});
export type RoleUsersChange = z.infer<typeof RoleUsersChange>;

export interface RoleUser {
  id: number;
  account: string;
  name: string;
  identity: string;
  /** 1 active, 0 disabled */
  state: number;
}
