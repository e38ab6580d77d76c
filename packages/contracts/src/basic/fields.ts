import { z } from 'zod';

/** Field helpers shared by the basic-data and organisation contracts; messages are i18n keys. */
export const zName = (key: string, max = 60) =>
  z.string({ error: key }).trim().min(1, key).max(max, 'validation.tooLong');
export const zText = (max = 200) => z.string().trim().max(max, 'validation.tooLong').default('');
export const zSort = z.coerce.number().int().min(0).max(99999).default(0);
/** 1 in use, 0 stopped. */
export const zState = z.coerce.number().int().min(0).max(1).default(1);
export const zRefId = z.coerce.number().int().positive();
export const zOptRefId = z.coerce.number().int().positive().nullable().default(null);
/** A state filter of a list: absent = all. */
export const zStateFilter = z.coerce.number().int().min(0).max(1).optional();
/** A required reference (a select in the form): missing or 0 gives the field's own message. */
export const zRefReq = (key: string) => z.coerce.number({ error: key }).int(key).positive(key);
