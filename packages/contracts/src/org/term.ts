import { z } from 'zod';
import { zName, zSort, zText } from '../basic/fields.ts';
import { ResourceListQuery } from '../kit/resource.ts';

const zDay = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid');

const termFields = z.object({
  /** Spec §5: term name, start and end time are required. */
  name: zName('org.term.nameRequired'),
  startDate: zDay('org.term.startRequired'),
  endDate: zDay('org.term.endRequired'),
  /** The current term (one per school). */
  isCurrent: z.boolean().default(false),
  sort: zSort,
});

/** The end of a term may not come before its start. */
const endNotBeforeStart = (v: { startDate: string; endDate: string }) => v.endDate >= v.startDate;
const endIssue = { message: 'org.term.endBeforeStart', path: ['endDate'] };

export const TermCreate = termFields.refine(endNotBeforeStart, endIssue);
export const TermUpdate = termFields
  .extend({ id: z.coerce.number().int().positive() })
  .refine(endNotBeforeStart, endIssue);
export const TermListQuery = ResourceListQuery;
export type TermCreate = z.infer<typeof TermCreate>;

/** Subject (学科), e.g. 语文, 数学. */
export const SubjectCreate = z.object({
  name: zName('org.subject.nameRequired'),
  code: zText(30),
  sort: zSort,
});
export const SubjectUpdate = SubjectCreate.extend({ id: z.coerce.number().int().positive() });
export const SubjectListQuery = ResourceListQuery;
