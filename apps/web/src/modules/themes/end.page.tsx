import { RunPage } from './run-page.tsx';

/** /end-reading: ended themes — results and certificates. */
export default function EndReadingPage() {
  return <RunPage ended />;
}
