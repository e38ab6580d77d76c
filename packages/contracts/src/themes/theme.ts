import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { zRequired } from '../common/validators.ts';
import { ResourceListQuery } from '../kit/resource.ts';
import { zPublicImage } from '../bulletin/bulletin.ts';

/**
 * Theme reading (issue 16): a theme (campaign, spec `appactivitytheme`) with a period, who may join, a book list and
 * tasks; activities (spec `appactivity`, e.g. a reading-month contest) inside a theme with their own period and tasks.
 * Readers join a theme and submit; teachers judge; results and certificates at the end.
 */
export const THEME_CODE = 'theme-reading';
export const JOIN_CODE = 'join-reading';
export const END_CODE = 'end-reading';

/** read: n of the theme's books borrowed within the period; review: n passed reviews of theme books; submit: n passed submissions. */
export const TASK_KINDS = ['read', 'review', 'submit'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const SUBMIT_KINDS = ['picture', 'text'] as const;
export type SubmitKind = (typeof SUBMIT_KINDS)[number];
export const SUBMISSION_STATES = ['pending', 'passed', 'rejected'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

const zDay = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'themes.badDate');
const zIds = (max: number) => z.array(z.coerce.number().int().positive()).max(max).default([]);
const zCover = z
  .union([z.literal(''), zPublicImage])
  .nullish()
  .transform((v) => v ?? '');

export const TaskInput = z.object({
  /** An existing task keeps its id (its submissions stay with it). */
  id: z.number().int().positive().optional(),
  kind: z.enum(TASK_KINDS, { error: 'themes.taskKindRequired' }),
  title: zRequired('themes.taskTitleRequired', 100),
  count: z.coerce.number().int().min(1, 'themes.badCount').max(50, 'themes.badCount').default(1),
  /** submit tasks: a picture or a text. */
  submitKind: z.enum(SUBMIT_KINDS).default('text'),
});
export type TaskInput = z.infer<typeof TaskInput>;

/** The end may not be before the start (reported on endDate). */
function period(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'themes.endBeforeStart' });
}

const themeFields = {
  title: zRequired('themes.titleRequired', 100),
  description: z.string().max(4000, 'validation.tooLong').default(''),
  cover: zCover,
  startDate: zDay('themes.startRequired'),
  endDate: zDay('themes.endRequired'),
  /** Who may join: grades and classes (both empty = every reader of the school). */
  gradeIds: zIds(100),
  classIds: zIds(1000),
  /** The theme's book list: catalogue records. */
  bookIds: zIds(200),
  tasks: z.array(TaskInput).max(20, 'themes.tooManyTasks').default([]),
};
export const ThemeCreate = z.object(themeFields).superRefine(period);
export type ThemeCreate = z.infer<typeof ThemeCreate>;
export const ThemeUpdate = z.object({ ...themeFields, id: z.number().int().positive() }).superRefine(period);
export type ThemeUpdate = z.infer<typeof ThemeUpdate>;
export const ThemeListQuery = ResourceListQuery.extend({ published: z.boolean().optional() });

const activityFields = {
  themeId: z.coerce.number({ error: 'themes.themeRequired' }).int().positive('themes.themeRequired'),
  title: zRequired('themes.titleRequired', 100),
  description: z.string().max(4000, 'validation.tooLong').default(''),
  cover: zCover,
  startDate: zDay('themes.startRequired'),
  endDate: zDay('themes.endRequired'),
  tasks: z.array(TaskInput).max(20, 'themes.tooManyTasks').default([]),
};
export const ActivityCreate = z.object(activityFields).superRefine(period);
export type ActivityCreate = z.infer<typeof ActivityCreate>;
export const ActivityUpdate = z.object({ ...activityFields, id: z.number().int().positive() }).superRefine(period);
export type ActivityUpdate = z.infer<typeof ActivityUpdate>;
export const ActivityListQuery = ResourceListQuery.extend({ themeId: z.coerce.number().int().positive().optional() });

export interface TaskDto {
  id: number;
  kind: TaskKind;
  title: string;
  count: number;
  submitKind: SubmitKind;
  /** null: a task of the theme itself. */
  activityId: number | null;
}

export interface ThemeDto {
  id: number;
  title: string;
  description: string;
  cover: string;
  startDate: string;
  endDate: string;
  gradeIds: number[];
  classIds: number[];
  bookIds: number[];
  /** The books' titles in list order (the form's picker shows them). */
  books: { id: number; title: string; author: string }[];
  tasks: TaskDto[];
  published: boolean;
  publishedAt: string | null;
  participants: number;
  activities: number;
}

export interface ActivityDto {
  id: number;
  themeId: number;
  themeTitle: string;
  title: string;
  description: string;
  cover: string;
  startDate: string;
  endDate: string;
  tasks: TaskDto[];
}

/** Back office: the running (/join-reading) or ended (/end-reading) published themes. */
export const RunListQuery = PageQuery;
export interface RunThemeRow {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  participants: number;
  completed: number;
  pending: number;
}

export const ThemePageQuery = PageQuery.extend({ themeId: z.coerce.number().int().positive() });
export type ThemePageQuery = z.infer<typeof ThemePageQuery>;

/** How far one reader is with one task. */
export interface TaskProgress {
  taskId: number;
  done: number;
  count: number;
  complete: boolean;
}

export interface ParticipantRow {
  userId: number;
  name: string;
  account: string;
  className: string;
  joinedAt: string;
  progress: TaskProgress[];
  complete: boolean;
  completedAt: string | null;
}

export interface ParticipantsData {
  tasks: TaskDto[];
  List: ParticipantRow[];
  Total: number;
}

export const SubmissionListQuery = ThemePageQuery.extend({ state: z.enum(SUBMISSION_STATES).optional() });
export interface SubmissionRow {
  id: number;
  taskId: number;
  taskTitle: string;
  userId: number;
  name: string;
  className: string;
  kind: SubmitKind;
  text: string;
  image: string;
  state: SubmissionState;
  score: number | null;
  reason: string;
  createdAt: string;
  judgedBy: string;
}

export const JudgeBody = z
  .object({
    id: z.coerce.number().int().positive(),
    passed: z.boolean(),
    score: z.coerce.number().int().min(0, 'themes.badScore').max(100, 'themes.badScore').nullish(),
    reason: z.string().trim().max(200, 'validation.tooLong').default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.passed && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'themes.reasonRequired' });
  });
export type JudgeBody = z.infer<typeof JudgeBody>;

export const CertificateQuery = z.object({
  themeId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive(),
});

/** Readers: a submission for a task (a text, or an uploaded picture of the school). */
export const SubmitBody = z.object({
  taskId: z.coerce.number().int().positive(),
  text: z.string().trim().max(2000, 'validation.tooLong').default(''),
  image: z.union([z.literal(''), zPublicImage]).default(''),
});
export type SubmitBody = z.infer<typeof SubmitBody>;

export interface MyTheme {
  id: number;
  title: string;
  description: string;
  cover: string;
  startDate: string;
  endDate: string;
  /** running, ended or coming (not started). */
  state: ThemeState;
  joined: boolean;
  /** The reader is among those who may join. */
  eligible: boolean;
  tasks: TaskDto[];
  activities: { id: number; title: string; startDate: string; endDate: string }[];
  progress: TaskProgress[];
  complete: boolean;
  /** The reader's own submissions (any state). */
  submissions: {
    id: number;
    taskId: number;
    kind: SubmitKind;
    text: string;
    image: string;
    state: SubmissionState;
    score: number | null;
    reason: string;
  }[];
}

export const THEME_STATES = ['coming', 'running', 'ended'] as const;
export type ThemeState = (typeof THEME_STATES)[number];

/** Public (spec `space/api`): the school from the schoolID header or a kiosk's token; published themes only. */
export const PublicThemeListQuery = PageQuery.extend({ state: z.enum(THEME_STATES).optional() });
export const PublicActivityListQuery = PageQuery.extend({
  themeId: z.coerce.number().int().positive().optional(),
  state: z.enum(THEME_STATES).optional(),
});
export const ThemeSubmitQuery = PageQuery.extend({ themeId: z.coerce.number().int().positive() });
export const ActivitySubmitQuery = PageQuery.extend({ activityId: z.coerce.number().int().positive() });
export const ActivityInfoQuery = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    themeId: z.coerce.number().int().positive().optional(),
  })
  .refine((v) => v.id || v.themeId, { message: 'themes.idRequired', path: ['id'] });

export interface PublicTheme {
  id: number;
  title: string;
  description: string;
  cover: string;
  startDate: string;
  endDate: string;
  state: ThemeState;
  participants: number;
  completed: number;
  books: number;
}

export interface PublicActivity {
  id: number;
  themeId: number;
  themeTitle: string;
  title: string;
  description: string;
  cover: string;
  startDate: string;
  endDate: string;
  state: ThemeState;
}

/** A passed submission as public screens show it: the name masked, no class. */
export interface PublicSubmission {
  id: number;
  name: string;
  taskTitle: string;
  kind: SubmitKind;
  text: string;
  image: string;
  score: number | null;
  at: string;
}

export interface PublicTask {
  id: number;
  kind: TaskKind;
  title: string;
  count: number;
  submitKind: SubmitKind;
  /** Readers who have done it (passed submissions; for read and review tasks: counted for joined readers). */
  done: number;
}

export interface ActivityInfo {
  theme: PublicTheme;
  /** Set when an activity was asked for. */
  activity: PublicActivity | null;
  books: { id: number; title: string; author: string; cover: string }[];
  tasks: PublicTask[];
  activities: PublicActivity[];
}
