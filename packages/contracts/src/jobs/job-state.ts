/**
 * Task states and the download panel's constants without zod (job.ts re-exports them): the web entry's download
 * panel imports these, so the sign-in page does not load zod with the task schemas.
 */

/** Background task states (spec §3 download/progress task). The row in table `job` is the truth. */
export const JobState = { Pending: 0, Running: 1, Done: 2, Failed: 3, Stopped: 4 } as const;
export type JobState = (typeof JobState)[keyof typeof JobState];

/** Spec §9: running tasks are polled every second; the download panel shows 5 rows of state 1. */
export const JOB_POLL_MS = 1000;
export const DOWNLOAD_PANEL_ROWS = 5;
