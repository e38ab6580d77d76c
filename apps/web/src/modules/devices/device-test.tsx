import { PrinterOutlined, ScanOutlined, WifiOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, List, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSchool } from '../../app/auth/session.ts';
import { type ReceiptData, ReceiptModal } from '../../kit/Receipt.tsx';
import { RFID_MESSAGES, RfidError, rfidReader } from '../catalogue/rfid.ts';
import { useEditingConfig } from '../catalogue/use-options.ts';

/** Keys typed faster than this on average came from a scanner (a person types ~150 ms a key at best). */
const SCANNER_MS_PER_KEY = 35;

interface Scan {
  code: string;
  msPerKey: number;
}

/**
 * Scanner test: scan into the box; each code is listed with its length and how fast its keys came, so the
 * librarian sees the scanner sends the whole code and an Enter (a code typed by hand is marked as typed).
 */
export function ScannerTest() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [scans, setScans] = useState<Scan[]>([]);
  const times = useRef<number[]>([]);
  return (
    <Card
      size="small"
      title={
        <Space>
          {<ScanOutlined />}
          {t('devices.test.scanner')}
        </Space>
      }
      data-testid="test-scanner"
    >
      <Input
        value={value}
        placeholder={t('devices.test.scanHere')}
        data-testid="test-scan-input"
        onKeyDown={(e) => {
          if (e.key !== 'Enter') {
            times.current.push(e.timeStamp);
            return;
          }
          const code = value.trim();
          const ts = times.current;
          const msPerKey = ts.length > 1 ? (ts[ts.length - 1] - ts[0]) / (ts.length - 1) : 0;
          times.current = [];
          setValue('');
          if (code) setScans((s) => [{ code, msPerKey }, ...s].slice(0, 8));
        }}
        onChange={(e) => setValue(e.target.value)}
      />
      <List
        size="small"
        dataSource={scans}
        locale={{ emptyText: t('devices.test.noScans') }}
        renderItem={(s) => (
          <List.Item data-testid="test-scan">
            <Space wrap>
              <Typography.Text code>{s.code}</Typography.Text>
              <Typography.Text type="secondary">{t('devices.test.length', { count: s.code.length })}</Typography.Text>
              {s.msPerKey > 0 && s.msPerKey < SCANNER_MS_PER_KEY ? (
                <Tag color="green">{t('devices.test.fromScanner')}</Tag>
              ) : (
                <Tag>{t('devices.test.typed')}</Tag>
              )}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * RFID reader test with the reader the school chose (editing settings): a reader that can be polled reads the
 * tag on the pad; a keyboard-wedge reader (such as a desktop RD120M in keyboard mode) types the tag id into the box.
 */
export function RfidTest() {
  const { t } = useTranslation();
  const { config, loaded } = useEditingConfig();
  const reader = rfidReader(config.rfidReader);
  const [uid, setUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const read = async () => {
    setError(null);
    try {
      setUid(await reader.read());
    } catch (e) {
      if (e instanceof RfidError) setError(t(RFID_MESSAGES[e.code]));
      else throw e;
    }
  };
  return (
    <Card
      size="small"
      title={
        <Space>
          {<WifiOutlined />}
          {t('devices.test.rfid')}
        </Space>
      }
      data-testid="test-rfid"
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('devices.test.readerKind')}>
          {loaded ? t(`devices.test.kind.${config.rfidReader}`) : '…'}
        </Descriptions.Item>
      </Descriptions>
      {config.rfidReader === 'none' ? (
        <Alert type="info" showIcon message={t('devices.test.noReader')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            {t(reader.canPoll ? 'devices.test.pollHelp' : 'devices.test.keyboardHelp')}
          </Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={uid}
              data-testid="test-rfid-uid"
              placeholder={t('devices.test.tagId')}
              onChange={(e) => setUid(e.target.value.trim())}
            />
            {reader.canPoll && (
              <Button type="primary" onClick={() => void read()} data-testid="test-rfid-read">
                {t('devices.test.read')}
              </Button>
            )}
          </Space.Compact>
          {uid && !error && (
            <Alert type="success" showIcon data-testid="test-rfid-ok" message={t('devices.test.tagRead', { uid })} />
          )}
          {error && <Alert type="error" showIcon data-testid="test-rfid-error" message={error} />}
        </Space>
      )}
    </Card>
  );
}

/** A millimetre box the size of a spine label, to measure what the printer really prints. */
function LabelRuler() {
  return (
    <div
      style={{
        width: '50mm',
        height: '30mm',
        border: '1px solid #000',
        display: 'grid',
        placeItems: 'center',
        fontFamily: 'monospace',
      }}
    >
      I247.5/123 · 50 × 30 mm
    </div>
  );
}

/** Printer test: prints a test sheet (fonts in both scripts, digits, a 50 × 30 mm box to measure scaling). */
export function PrinterTest() {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState<ReceiptData | null>(null);
  return (
    <Card
      size="small"
      title={
        <Space>
          {<PrinterOutlined />}
          {t('devices.test.printer')}
        </Space>
      }
      data-testid="test-printer"
    >
      <Space direction="vertical">
        <Typography.Text type="secondary">{t('devices.test.printHelp')}</Typography.Text>
        <Button
          icon={<PrinterOutlined />}
          data-testid="test-print"
          onClick={() =>
            setSheet({
              title: t('devices.test.sheetTitle'),
              lines: [
                [t('devices.test.school'), currentSchool()?.name ?? ''],
                [t('devices.test.text'), '书苑图书馆 Shuyuan Library 0123456789'],
                [t('devices.test.label'), <LabelRuler key="ruler" />],
              ],
            })
          }
        >
          {t('devices.test.printSheet')}
        </Button>
      </Space>
      <ReceiptModal receipt={sheet} onClose={() => setSheet(null)} />
    </Card>
  );
}
