import { lazy, Suspense, useState } from 'react';
import { api } from '../http.ts';
import { downloads, PROGRESS_URL, useDownloads } from './downloads.ts';

downloads.setPoller((id) => api.post(PROGRESS_URL, { DataID: id }, { showError: false }));

// The panel (Card, Progress, Typography…) is fetched with the first task: sign-in and public pages never need it.
const DownloadPanel = lazy(() => import('./DownloadPanel.tsx').then((m) => ({ default: m.DownloadPanel })));

/** Mounts the floating download panel once a task has been tracked, and keeps it mounted from then on. */
export function DownloadPanelHost() {
  const tasks = useDownloads();
  const [wanted, setWanted] = useState(false);
  if (tasks.length && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DownloadPanel />
    </Suspense>
  );
}
