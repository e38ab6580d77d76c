import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';

/** GET /micro/basic/open/user/getUserList (spec §7). */
export const UserListQuery = PageQuery.extend({
  identity: z.string().trim().max(20).optional(),
  departmentId: z.coerce.number().int().positive().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
