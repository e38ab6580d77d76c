import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { zName, zSort, zState, zStateFilter, zText } from './fields.ts';

/** A branch library of the school (spec §3). One branch is the default for new copies and desks. */
export const BranchCreate = z.object({
  name: zName('basic.branch.nameRequired'),
  code: zName('basic.branch.codeRequired', 30),
  address: zText(),
  contact: zText(40),
  phone: zText(30),
  sort: zSort,
  state: zState,
  isDefault: z.boolean().default(false),
});
export const BranchUpdate = BranchCreate.extend({ id: z.coerce.number().int().positive() });
export const BranchListQuery = ResourceListQuery.extend({ state: zStateFilter });
export type BranchCreate = z.infer<typeof BranchCreate>;

export interface Branch extends BranchCreate {
  id: number;
}
