import { z } from 'zod';
import { zName, zSort, zState, zStateFilter, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Reader identities (spec §3 user identity). */
export const READER_IDENTITIES = ['teacher', 'student', 'parent', 'other'] as const;
export type ReaderIdentity = (typeof READER_IDENTITIES)[number];

/**
 * A reader permission group: decides borrowing rights (spec §6). The loan rules attached to a group live in
 * their own table (later issue), keyed by the group's id.
 */
export const PermissionGroupCreate = z.object({
  name: zName('org.permission.nameRequired'),
  identity: z.enum(READER_IDENTITIES).default('student'),
  description: zText(500),
  isDefault: z.boolean().default(false),
  sort: zSort,
  state: zState,
});
export const PermissionGroupUpdate = PermissionGroupCreate.extend({ id: z.coerce.number().int().positive() });
export const PermissionGroupListQuery = ResourceListQuery.extend({
  identity: z.enum(READER_IDENTITIES).optional(),
  state: zStateFilter,
});
