import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';

const id = z.coerce.number().int().positive();

/**
 * `/resource-mana/basic-set/resource-auth`: which resource types / locations a branch may see (search) and
 * lend. A rule with no branch applies to the whole school; no resource type / location = any. The most
 * specific matching rule wins; with no rule everything is visible and lendable.
 */
export const ResourceAuthCreate = z.object({
  branchId: id.nullable().optional(),
  resourceTypeId: id.nullable().optional(),
  locationId: id.nullable().optional(),
  canView: z.boolean().default(true),
  canLend: z.boolean().default(true),
  remark: z.string().trim().max(200).default(''),
});
export const ResourceAuthUpdate = ResourceAuthCreate.extend({ id });
export const ResourceAuthListQuery = ResourceListQuery.extend({ branchId: id.optional() });
export type ResourceAuthCreate = z.infer<typeof ResourceAuthCreate>;

/** `/batchpsw`: how the new passwords are made. */
export const PASSWORD_RULES = ['account', 'accountTail', 'fixed', 'random'] as const;
export const BatchPasswordBody = z
  .object({
    classIds: z.array(id).max(200).default([]),
    accounts: z
      .array(z.string().trim().max(64))
      .max(2000)
      .default([])
      .transform((l) => l.filter(Boolean)),
    rule: z.enum(PASSWORD_RULES),
    /** rule 'fixed': the password every reader gets (at least 6 characters, spec §5 reset form). */
    fixed: z.string().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.classIds.length && !v.accounts.length)
      ctx.addIssue({ code: 'custom', path: ['classIds'], message: 'holdings.password.whoRequired' });
    if (v.rule === 'fixed' && (v.fixed ?? '').length < 6)
      ctx.addIssue({ code: 'custom', path: ['fixed'], message: 'holdings.password.tooShort' });
  });
export type BatchPasswordBody = z.infer<typeof BatchPasswordBody>;
export const BATCH_PASSWORD_MAX = 2000;
