import type { JobView } from '@shuyuan/contracts/jobs/job';
import { DOWNLOAD_PANEL_ROWS, JOB_POLL_MS, JobState } from '@shuyuan/contracts/jobs/job-state';
import { P } from '@shuyuan/contracts/common/paths';
import { useSyncExternalStore } from 'react';

/** A background export followed by the download panel (spec §2, §9). */
export interface DownloadTask {
  id: number;
  fileName: string;
  dataCount: number;
  progress: number;
  /** 0..100 */
  percent: number;
  resultFile: string;
  state: number;
  done: boolean;
  failed: boolean;
  error?: string;
}

type Poll = (id: number) => Promise<Partial<JobView>>;

let tasks: DownloadTask[] = [];
const timers = new Map<number, ReturnType<typeof setInterval>>();
const listeners = new Set<() => void>();
let poll: Poll | null = null;
/** A task whose progress cannot be read this many times in a row is shown as failed. */
const MAX_POLL_FAILURES = 5;

function emit(next: DownloadTask[]): void {
  tasks = next;
  for (const l of listeners) l();
}

function patch(id: number, p: Partial<DownloadTask>): void {
  emit(tasks.map((t) => (t.id === id ? { ...t, ...p } : t)));
}

/** Finished when Progress reaches DataCount (spec), or when the server says the task is done. */
export function fromJob(j: Partial<JobView>): Partial<DownloadTask> {
  const dataCount = Number(j.DataCount ?? 0);
  const progress = Number(j.Progress ?? 0);
  const done = j.State === JobState.Done || (dataCount > 0 && progress >= dataCount && !!j.ResultFile);
  const failed = j.State === JobState.Failed || j.State === JobState.Stopped;
  const percent = done ? 100 : Math.min(99, Math.round(j.percentage ?? (dataCount ? (progress / dataCount) * 100 : 0)));
  return {
    dataCount,
    progress,
    percent,
    resultFile: j.ResultFile ?? '',
    state: Number(j.State ?? 0),
    done,
    failed,
    error: j.Error ?? undefined,
    ...(j.FileName ? { fileName: j.FileName } : {}),
  };
}

function start(id: number): void {
  let failures = 0;
  const stop = () => {
    clearInterval(timers.get(id));
    timers.delete(id);
  };
  const tick = async () => {
    if (!poll) return;
    try {
      const p = fromJob(await poll(id));
      failures = 0;
      patch(id, p);
      if (p.done || p.failed) stop();
    } catch {
      if (++failures >= MAX_POLL_FAILURES) {
        patch(id, { failed: true });
        stop();
      }
    }
  };
  timers.set(id, setInterval(tick, JOB_POLL_MS));
  void tick();
}

export const downloads = {
  /** Call after starting an export job: `downloads.track({ id: job.ID, fileName })`. */
  track({ id, fileName }: { id: number; fileName: string }): void {
    if (tasks.some((t) => t.id === id)) return;
    const task: DownloadTask = {
      id,
      fileName,
      dataCount: 0,
      progress: 0,
      percent: 0,
      resultFile: '',
      state: 0,
      done: false,
      failed: false,
    };
    // The panel lists up to 5 tasks: the oldest beyond that leave it (their polling stops too).
    const next = [task, ...tasks];
    for (const gone of next.slice(DOWNLOAD_PANEL_ROWS)) {
      clearInterval(timers.get(gone.id));
      timers.delete(gone.id);
    }
    emit(next.slice(0, DOWNLOAD_PANEL_ROWS));
    start(id);
  },
  remove(id: number): void {
    clearInterval(timers.get(id));
    timers.delete(id);
    emit(tasks.filter((t) => t.id !== id));
  },
  clear(): void {
    for (const t of timers.values()) clearInterval(t);
    timers.clear();
    emit([]);
  },
  get: () => tasks,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** The poller is injected (the HTTP client in the app, a fake in tests). */
  setPoller(p: Poll): void {
    poll = p;
  },
};

export const PROGRESS_URL = `${P}/Config/GetProgress`;

export function useDownloads(): DownloadTask[] {
  return useSyncExternalStore(downloads.subscribe, downloads.get);
}
