import { z } from 'zod';
import { ResourceListQuery } from '../kit/resource.ts';
import { zName, zSort, zState, zStateFilter, zText } from './fields.ts';

/** A resource type (图书, 期刊, 视听…): drives cataloguing and loan rules. */
export const ResourceTypeCreate = z.object({
  name: zName('basic.resourceType.nameRequired'),
  enName: zText(60),
  code: zName('basic.resourceType.codeRequired', 30),
  sort: zSort,
  state: zState,
});
export const ResourceTypeUpdate = ResourceTypeCreate.extend({ id: z.coerce.number().int().positive() });
export const ResourceTypeListQuery = ResourceListQuery.extend({ state: zStateFilter });
export type ResourceTypeCreate = z.infer<typeof ResourceTypeCreate>;

/** Seeded for every new school. */
export const DEFAULT_RESOURCE_TYPES: { code: string; name: string; enName: string }[] = [
  { code: 'book', name: '图书', enName: 'Books' },
  { code: 'serial', name: '期刊', enName: 'Magazines' },
  { code: 'av', name: '视听资料', enName: 'Audio-visual' },
  { code: 'ebook', name: '电子资源', enName: 'E-resources' },
  { code: 'reference', name: '工具书', enName: 'Reference' },
];
