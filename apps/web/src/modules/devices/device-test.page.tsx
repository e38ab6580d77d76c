import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrinterTest, RfidTest, ScannerTest } from './device-test.tsx';

/**
 * Screen /test (spec §2, "device and printer test page"): before the desk opens, a librarian checks the barcode
 * scanner, the RFID reader the school set up and the printer, each on its own card.
 */
export default function DeviceTestPage() {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('devices.test.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ScannerTest />
        </Col>
        <Col xs={24} lg={12}>
          <RfidTest />
        </Col>
        <Col xs={24} lg={12}>
          <PrinterTest />
        </Col>
      </Row>
    </div>
  );
}
