import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TransferPanel } from './transfer-panel.tsx';
import { UpgradePanel } from './upgrade-panel.tsx';

/** /department/dept-upgrade: the year-end upgrade of whole grades, and the class transfer of readers. */
export default function DeptUpgradePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'upgrade', label: t('readerMoves.tabs.upgrade'), children: <UpgradePanel /> },
        { key: 'transfer', label: t('readerMoves.tabs.transfer'), children: <TransferPanel /> },
      ]}
    />
  );
}
