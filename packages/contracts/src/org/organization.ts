import { z } from 'zod';
import { zName, zSort, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** A contact of the school organisation (校长, 图书馆负责人…), kept in the session at sign-in. */
export const OrganizationCreate = z.object({
  title: zName('org.organization.titleRequired'),
  person: zText(40),
  phone: zText(30),
  email: zText(100),
  remark: zText(),
  sort: zSort,
});
export const OrganizationUpdate = OrganizationCreate.extend({ id: z.coerce.number().int().positive() });
export const OrganizationListQuery = ResourceListQuery;
