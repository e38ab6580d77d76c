import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';

/**
 * Volunteers and small librarians (issue 16): the roster (/volunteer), service types and the desk's sign-in by card
 * scan (/service-signin), sign-in records and hours per term (/signrecord).
 */
export const VOLUNTEER_CODE = 'volunteer';
export const SIGNIN_CODE = 'service-signin';
export const SIGNRECORD_CODE = 'signrecord';

/** Spec §6 roles: small librarian (小馆员) and volunteer (志愿者). */
export const VOLUNTEER_KINDS = ['volunteer', 'small_librarian'] as const;
export type VolunteerKind = (typeof VOLUNTEER_KINDS)[number];
/** pending (a reader applied), approved (on the roster), rejected (with a reason), inactive (left the roster). */
export const VOLUNTEER_STATES = ['pending', 'approved', 'rejected', 'inactive'] as const;
export type VolunteerState = (typeof VOLUNTEER_STATES)[number];

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'volunteers.badTime');
const zId = z.coerce.number().int().positive();

/** Staff add a reader or a staff member directly: approved at once. */
export const VolunteerCreate = z.object({
  /** The person's account / card number. */
  account: zRequired('volunteers.accountRequired', 50),
  kind: z.enum(VOLUNTEER_KINDS).default('volunteer'),
  note: z.string().trim().max(500, 'validation.tooLong').default(''),
});
export type VolunteerCreate = z.infer<typeof VolunteerCreate>;
export const VolunteerUpdate = z.object({
  id: zId,
  kind: z.enum(VOLUNTEER_KINDS),
  state: z.enum(['approved', 'inactive']).optional(),
  note: z.string().trim().max(500, 'validation.tooLong').default(''),
});
export type VolunteerUpdate = z.infer<typeof VolunteerUpdate>;
export const VolunteerListQuery = ResourceListQuery.extend({
  kind: z.enum(VOLUNTEER_KINDS).optional(),
  state: z.enum(VOLUNTEER_STATES).optional(),
});
export type VolunteerListQuery = z.infer<typeof VolunteerListQuery>;

export interface VolunteerDto {
  id: number;
  userId: number;
  account: string;
  name: string;
  identity: string;
  className: string;
  kind: VolunteerKind;
  state: VolunteerState;
  /** applied (from the personal area) or added (by staff). */
  source: 'applied' | 'added';
  reason: string;
  rejectReason: string;
  note: string;
  auditedByName: string;
  auditedAt: string | null;
  createdAt: string;
}

/** A reader applies from the personal area. */
export const VolunteerApply = z.object({
  kind: z.enum(VOLUNTEER_KINDS).default('volunteer'),
  reason: zRequired('volunteers.reasonRequired', 500),
});
export type VolunteerApply = z.infer<typeof VolunteerApply>;

/** Pass or reject applications; a rejection needs its reason. */
export const VolunteerAudit = z
  .object({
    ids: z.array(zId).min(1).max(500),
    pass: z.boolean(),
    reason: z.string().trim().max(200, 'validation.tooLong').default(''),
  })
  .refine((v) => v.pass || v.reason.length > 0, { path: ['reason'], message: 'volunteers.rejectReasonRequired' });
export type VolunteerAudit = z.infer<typeof VolunteerAudit>;

// ——— Service types ———

export const ServiceTypeCreate = z.object({
  name: zRequired('volunteers.typeNameRequired', 50),
  description: z.string().trim().max(500, 'validation.tooLong').default(''),
  /** Minutes that must pass after a sign-out before the same volunteer signs in again for this service (0: none). */
  intervalMinutes: z.coerce.number().int().min(0).max(1440).default(0),
  /** Sign-ins a volunteer may make per day for this service (0: no limit). */
  dailyLimit: z.coerce.number().int().min(0).max(50).default(0),
  state: z.coerce.number().int().min(0).max(1).default(1),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export type ServiceTypeCreate = z.infer<typeof ServiceTypeCreate>;
export const ServiceTypeUpdate = ServiceTypeCreate.extend({ id: zId });
export type ServiceTypeUpdate = z.infer<typeof ServiceTypeUpdate>;
export const ServiceTypeListQuery = ResourceListQuery.extend({ state: z.coerce.number().int().optional() });
export type ServiceTypeListQuery = z.infer<typeof ServiceTypeListQuery>;
export interface ServiceTypeDto extends ServiceTypeCreate {
  id: number;
}

// ——— Duty schedule ———

const DutyFields = z.object({
  volunteerId: zId,
  /** 1 Monday … 7 Sunday */
  weekday: z.coerce.number().int().min(1, 'volunteers.badWeekday').max(7, 'volunteers.badWeekday'),
  startTime: zTime,
  endTime: zTime,
  serviceTypeId: zId,
});
const endAfterStart = <T extends z.ZodType<{ startTime: string; endTime: string }>>(schema: T) =>
  schema.refine((v) => v.startTime < v.endTime, { path: ['endTime'], message: 'volunteers.endBeforeStart' });
export const DutyCreate = endAfterStart(DutyFields);
export type DutyCreate = z.infer<typeof DutyCreate>;
export const DutyUpdate = endAfterStart(DutyFields.extend({ id: zId }));
export type DutyUpdate = z.infer<typeof DutyUpdate>;
export const DutyListQuery = ResourceListQuery.extend({
  volunteerId: zId.optional(),
  weekday: z.coerce.number().int().optional(),
});
export type DutyListQuery = z.infer<typeof DutyListQuery>;
export interface DutyDto {
  id: number;
  volunteerId: number;
  volunteerName: string;
  weekday: number;
  startTime: string;
  endTime: string;
  serviceTypeId: number;
  serviceTypeName: string;
}

// ——— Sign-in at the desk ———

/** A card scan at the desk: signs in when the volunteer has no open sign-in today, else signs out. */
export const SignScan = z.object({
  cardNo: zRequired('volunteers.cardRequired', 64),
  serviceTypeId: zId.optional(),
});
export type SignScan = z.infer<typeof SignScan>;

export interface SignScanResult {
  action: 'in' | 'out';
  record: SignRecordDto;
  /** Open sign-ins of earlier days closed as forgotten by this scan (no hours counted). */
  forgotten: number;
  /** Points credited for this service (sign-out only). */
  points: number;
}

/** open (signed in), done (signed out by a scan or corrected by staff), forgotten (no sign-out that day: 0 hours). */
export const SIGN_STATES = ['open', 'done', 'forgotten'] as const;
export type SignState = (typeof SIGN_STATES)[number];

export interface SignRecordDto {
  id: number;
  volunteerId: number;
  userId: number;
  account: string;
  name: string;
  kind: VolunteerKind;
  serviceTypeId: number | null;
  serviceTypeName: string;
  /** The school's calendar day of the sign-in. */
  day: string;
  signInAt: string;
  signOutAt: string | null;
  minutes: number;
  state: SignState;
  note: string;
}

export const SignRecordQuery = ResourceListQuery.extend({
  volunteerId: zId.optional(),
  serviceTypeId: zId.optional(),
  state: z.enum(SIGN_STATES).optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type SignRecordQuery = z.infer<typeof SignRecordQuery>;

/** Staff correct a record: its sign-in and sign-out times (a forgotten sign-out gets its real time). */
export const SignRecordUpdate = z
  .object({
    id: zId,
    signInAt: z.string().datetime({ offset: true, message: 'volunteers.badDateTime' }),
    signOutAt: z.string().datetime({ offset: true, message: 'volunteers.badDateTime' }),
    note: z.string().trim().max(200, 'validation.tooLong').default(''),
  })
  .refine((v) => Date.parse(v.signInAt) < Date.parse(v.signOutAt), {
    path: ['signOutAt'],
    message: 'volunteers.outBeforeIn',
  });
export type SignRecordUpdate = z.infer<typeof SignRecordUpdate>;

// ——— Hours and certificates ———

export const HoursQuery = PageQuery.extend({
  /** The term (default: the current term, else the one containing today). */
  termId: zId.optional(),
  kind: z.enum(VOLUNTEER_KINDS).optional(),
});
export type HoursQuery = z.infer<typeof HoursQuery>;
export interface HoursRow {
  volunteerId: number;
  account: string;
  name: string;
  className: string;
  kind: VolunteerKind;
  signs: number;
  minutes: number;
  /** minutes / 60, one decimal. */
  hours: number;
}
export interface HoursAnswer {
  term: { id: number; name: string; startDate: string; endDate: string } | null;
  List: HoursRow[];
  Total: number;
}
export const CertificateBody = z.object({ volunteerId: zId, termId: zId.optional() });
export type CertificateBody = z.infer<typeof CertificateBody>;

/** What a reader sees of their own service in the personal area. */
export interface MyVolunteer {
  application: Pick<VolunteerDto, 'id' | 'kind' | 'state' | 'reason' | 'rejectReason' | 'createdAt'> | null;
  duties: Pick<DutyDto, 'weekday' | 'startTime' | 'endTime' | 'serviceTypeName'>[];
  termName: string;
  termMinutes: number;
  recent: Pick<SignRecordDto, 'day' | 'signInAt' | 'signOutAt' | 'minutes' | 'state' | 'serviceTypeName'>[];
}
