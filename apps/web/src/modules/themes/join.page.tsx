import { RunPage } from './run-page.tsx';

/** /join-reading: running themes — participants, progress, judging. */
export default function JoinReadingPage() {
  return <RunPage ended={false} />;
}
