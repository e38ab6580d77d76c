import { Card } from 'antd';
import { CaptureSourcesPanel } from './capture-sources-panel.tsx';

/** /capture-sources: copy-cataloguing sources of the school. */
export default function CaptureSourcesPage() {
  return (
    <Card className="sy-capture-sources-page">
      <CaptureSourcesPanel />
    </Card>
  );
}
