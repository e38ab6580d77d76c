import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RfidTest } from './device-test.tsx';

/**
 * Screen /rd120m (spec §2, the desktop RFID reader's page): how the desk's RD120M reader is used here and a live
 * test of it with the school's reader setting. The reader works in keyboard mode (it types the tag id and Enter
 * into the focused field), so the desks, copy binding and stocktake take its reads without a driver.
 */
export default function Rd120mPage() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('devices.rd120m.title')} description={t('devices.rd120m.help')} />
      <RfidTest />
    </Space>
  );
}
