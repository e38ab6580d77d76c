import { P } from '@shuyuan/contracts/common/paths';
import { JOB_POLL_MS, type JobView, JobState } from '@shuyuan/contracts/jobs/job';
import { useEffect, useState } from 'react';
import { downloads, PROGRESS_URL } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';

/** A job the server started: `{DataID, FileName}`. */
export interface Started {
  DataID: number;
  FileName?: string;
}

export const isFinished = (j: JobView | null) => !!j && j.State >= JobState.Done;

/**
 * Follows a background task on the screen (and in the download panel, which offers its result file too):
 * polls its progress until it is done, failed or stopped. `url` polls a task's own result endpoint instead of
 * the generic progress (e.g. an import that answers what it did); such a task has no file for the panel.
 */
export function useJob<T extends { State: number } = JobView>(started: Started | null, url = PROGRESS_URL): T | null {
  const [job, setJob] = useState<T | null>(null);
  useEffect(() => {
    setJob(null);
    if (!started) return;
    if (url === PROGRESS_URL) downloads.track({ id: started.DataID, fileName: started.FileName ?? '' });
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const j = await api.post<T>(url, { DataID: started.DataID }, { showError: false });
        if (!alive) return;
        setJob(j);
        if (j.State >= JobState.Done) return;
      } catch {
        // a missed poll is retried
      }
      if (alive) timer = setTimeout(tick, JOB_POLL_MS);
    };
    void tick();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [started, url]);
  return job;
}

/** Chunks of 4 MB: under the server's 5 MB per chunk with room for the form's own bytes. */
const CHUNK = 4 * 1024 * 1024;

/**
 * Uploads one file (MARC or xlsx) of the school; answers the url the import endpoints take. A file larger than
 * one chunk goes through the chunked upload (up to UPLOAD_CHUNKED_MAX, 512 MB), one chunk after the other,
 * reporting the percentage sent.
 */
export async function uploadFile(
  file: File,
  onProgress?: (percent: number) => void,
): Promise<{ url: string; name: string; size: number }> {
  if (file.size <= CHUNK) {
    const body = new FormData();
    body.append('file', file);
    return api.post(`${P}/upload/post`, body, { loading: true });
  }
  const total = Math.ceil(file.size / CHUNK);
  const fileId = crypto.randomUUID().replaceAll('-', '');
  let last: { url: string; name: string; size: number } | null = null;
  for (let index = 0; index < total; index++) {
    const body = new FormData();
    body.append('fileId', fileId);
    body.append('index', String(index));
    body.append('total', String(total));
    body.append('fileName', file.name);
    body.append('file', file.slice(index * CHUNK, (index + 1) * CHUNK), file.name);
    last = await api.post(CHUNKED_UPLOAD_URL, body);
    onProgress?.(Math.floor(((index + 1) / total) * 100));
  }
  return { url: last!.url, name: last!.name, size: last!.size };
}

/** The chunked upload (server modules/upload/chunks.ts): the call with the last chunk answers the stored file. */
const CHUNKED_UPLOAD_URL = '/micro/3rd/api/upload/MergeFile';

export const fmtSize = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
