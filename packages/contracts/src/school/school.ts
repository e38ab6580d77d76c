import { z } from 'zod';
import { meetsPasswordPolicy, zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/** Screen /sys/company (schools / units). */
export const SCHOOL_PERMISSION = 'sys.company';

/** Learning periods a school may run (stored comma-separated). */
export const LEARNING_PERIODS = ['kindergarten', 'primary', 'junior', 'senior', 'vocational', 'university'] as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const opt = (max: number) => z.string().trim().max(max, 'validation.tooLong').optional().default('');

export const ThemeColor = z.object({
  bgColor: z.string().regex(HEX, 'system.company.form.colorInvalid').optional(),
  btColor: z.string().regex(HEX, 'system.company.form.colorInvalid').optional(),
});
export type ThemeColor = z.infer<typeof ThemeColor>;

const SchoolBase = z.object({
  name: zRequired('system.company.form.nameRequired', 100),
  enName: opt(200),
  code: zRequired('system.company.form.codeRequired', 50).regex(/^[A-Za-z0-9_-]+$/, 'system.company.form.codeInvalid'),
  address: zRequired('system.company.form.addressRequired', 200),
  /** Comma-separated LEARNING_PERIODS. */
  learningPeriod: opt(200),
  area: opt(100),
  province: opt(50),
  city: opt(50),
  district: opt(50),
  themeColor: ThemeColor.optional().nullable(),
  state: z.union([z.literal(0), z.literal(1)]).default(1),
});

/** Creating a school also creates its administrator role ('*') and administrator account. */
export const SchoolCreate = SchoolBase.extend({
  adminAccount: zRequired('system.company.form.adminAccountRequired', 50).regex(
    /^[A-Za-z0-9_.@-]+$/,
    'system.company.form.accountInvalid',
  ),
  adminPassword: z
    .string()
    .min(1, 'system.company.form.adminPasswordRequired')
    .max(100, 'validation.tooLong')
    .refine(meetsPasswordPolicy, 'validation.passwordPolicy'),
  adminName: zRequired('system.company.form.adminNameRequired', 50),
});
export type SchoolCreate = z.infer<typeof SchoolCreate>;

export const SchoolUpdate = SchoolBase.extend({ id: z.number().int().positive() });
export type SchoolUpdate = z.infer<typeof SchoolUpdate>;

export const SchoolListQuery = ResourceListQuery.extend({
  state: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type SchoolListQuery = z.infer<typeof SchoolListQuery>;

export interface School {
  id: number;
  code: string;
  name: string;
  enName: string;
  address: string;
  learningPeriod: string;
  area: string;
  province: string;
  city: string;
  district: string;
  themeColor: ThemeColor | null;
  parentId: number | null;
  state: number;
  /** Account of the school's administrator (first holder of its system role). */
  adminAccount: string;
  adminName: string;
  /** The school the caller is acting in. */
  current: boolean;
}
