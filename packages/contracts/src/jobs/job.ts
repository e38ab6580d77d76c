import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import type { JobState } from './job-state.ts';

export { DOWNLOAD_PANEL_ROWS, JOB_POLL_MS, JobState } from './job-state.ts';
export const JOB_STATES = [0, 1, 2, 3, 4] as const;

/** Allowed transitions; the server refuses any other (a finished task cannot be stopped or restarted). */
export const JOB_TRANSITIONS: Record<JobState, readonly JobState[]> = {
  0: [1, 3, 4],
  1: [0, 2, 3, 4],
  2: [],
  3: [],
  4: [],
};
export function canTransition(from: number, to: number): boolean {
  return (JOB_TRANSITIONS[from as JobState] ?? []).includes(to as JobState);
}

export const ProgressQuery = z.object({ DataID: z.coerce.number().int().positive() });
export type ProgressQuery = z.infer<typeof ProgressQuery>;

export const ProgressListQuery = PageQuery.extend({
  OperationType: z.string().trim().max(100).optional().default(''),
  /** Empty = any state. */
  State: z.union([z.literal(''), z.coerce.number().int().min(0).max(4)]).optional(),
  /** 'mine' (default) = the caller's own tasks; 'all' = every task of the school (permission 'process'). */
  Scope: z.enum(['mine', 'all']).optional().default('mine'),
});
export type ProgressListQuery = z.infer<typeof ProgressListQuery>;

/** One task as the API shows it (spec names on the wire). */
export interface JobView {
  ID: number;
  FileName: string;
  OperationType: string;
  DataCount: number;
  Progress: number;
  /** URL to download the result (empty until done). */
  ResultFile: string;
  /** 0..100 */
  percentage: number;
  State: JobState;
  Error: string | null;
  UserID: number | null;
  UserName: string | null;
  CreatedAt: string;
  StartedAt: string | null;
  FinishedAt: string | null;
}

/** Path of the result download (GET, query ID). */
export const DOWNLOAD_JOB_FILE_PATH = '/Config/DownloadJobFile';
