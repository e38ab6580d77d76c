import { Card } from 'antd';
import { WeedingPanel } from './weeding-panel.tsx';

/** /weeding (剔旧登记): weed copies and keep the register; also a tab of /book-inventory. */
export default function WeedingPage() {
  return (
    <Card className="sy-weeding-page">
      <WeedingPanel />
    </Card>
  );
}
