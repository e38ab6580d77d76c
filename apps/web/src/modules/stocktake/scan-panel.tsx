import { ScanOutlined, UploadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import type { ScanResult, StocktakeSession } from '@shuyuan/contracts/stocktake/stocktake';
import { Alert, Button, Card, Input, type InputRef, List, Space, Statistic, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloads } from '../../app/downloads/downloads.ts';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { CloseSession } from './close-session.tsx';
import { type QueueItem, ScanQueue } from './scan-queue.ts';

export const OUTCOME_COLOR: Record<string, string> = {
  found: 'green',
  misplaced: 'orange',
  'not-expected': 'purple',
  'on-loan': 'blue',
  unknown: 'red',
  duplicate: 'default',
};

/** Keys arriving faster than this (ms apart on average) come from a barcode scanner, not a person. */
const SCANNER_MS = 35;

/**
 * Scanning into an open session: the input stays focused; Enter queues the barcode and clears the box at
 * once, so a scanner never waits for the server. Results appear newest first with their outcome.
 */
export function ScanPanel({ session, onChanged }: { session: StocktakeSession; onChanged: () => void }) {
  const { t } = useTranslation();
  const [, setTick] = useState(0);
  const [value, setValue] = useState('');
  const [closing, setClosing] = useState(false);
  const keys = useRef<number[]>([]);
  const input = useRef<InputRef>(null);
  const queue = useMemo(
    () =>
      new ScanQueue(
        (item: QueueItem) =>
          api.post<ScanResult>(
            `${P}/Stocktake/Scan`,
            { sessionId: session.id, barcode: item.barcode, typed: item.typed, clientId: item.clientId },
            { showError: false },
          ),
        (e) => e instanceof ApiError && e.status > 0 && e.status < 500,
        () => setTick((n) => n + 1),
      ),
    [session.id],
  );
  useEffect(() => () => queue.stop(), [queue]);
  useEffect(() => {
    void api
      .post<{ List: ScanResult[] }>(`${P}/Stocktake/GetScanList`, { sessionId: session.id, Rows: 50 })
      .then((d) => queue.seed(d.List))
      .catch(() => {});
  }, [queue, session.id]);
  const pending = queue.pending;
  // Counts on the server are refreshed whenever the queue runs empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh when the queue drains
  useEffect(() => {
    if (pending === 0 && queue.items.length) onChanged();
  }, [pending]);

  const submit = () => {
    const k = keys.current;
    const avg = k.length > 1 ? (k[k.length - 1] - k[0]) / (k.length - 1) : Number.POSITIVE_INFINITY;
    queue.push(value, avg > SCANNER_MS);
    keys.current = [];
    setValue('');
    input.current?.focus();
  };

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    const up = await api.post<{ url: string }>(`${P}/upload/post`, body);
    const r = await api.post<{ count: number; totals?: Record<string, number>; DataID?: number; FileName?: string }>(
      `${P}/Stocktake/ScanFile`,
      { sessionId: session.id, fileUrl: up.url },
      { loading: true },
    );
    if (r.DataID) {
      downloads.track({ id: r.DataID, fileName: r.FileName ?? file.name });
      notify.success(t('stocktake.scan.fileStarted', { count: r.count }));
    } else {
      const parts = Object.entries(r.totals ?? {}).map(([o, n]) => `${t(`stocktake.outcome.${o}`)} ${n}`);
      notify.success(t('stocktake.scan.fileDone', { count: r.count, detail: parts.join('，') }));
    }
    onChanged();
  };

  const closed = session.state !== 'open';
  return (
    <Card
      className="sy-stocktake-scan"
      title={session.name}
      extra={
        !closed && (
          <Button danger onClick={() => setClosing(true)}>
            {t('stocktake.close.button')}
          </Button>
        )
      }
    >
      <div style={{ marginBottom: 16 }}>
        <Space size="large" wrap>
          <Statistic title={t('stocktake.session.expected')} value={session.expectedCount} />
          <Statistic className="sy-stocktake-found" title={t('stocktake.session.found')} value={session.foundCount} />
          <Statistic title={t('stocktake.session.scans')} value={session.scanCount} />
          <Statistic title={t('stocktake.scan.pending')} value={pending} />
        </Space>
      </div>
      {closed ? (
        <Alert type="info" showIcon message={t('stocktake.scan.closed')} />
      ) : (
        <Space wrap style={{ marginBottom: 12, display: 'flex' }}>
          <Input
            ref={input}
            autoFocus
            className="sy-stocktake-input"
            size="large"
            style={{ width: 360 }}
            prefix={<ScanOutlined />}
            placeholder={t('stocktake.scan.placeholder')}
            value={value}
            onChange={(e) => {
              keys.current.push(performance.now());
              setValue(e.target.value);
            }}
            onPressEnter={submit}
          />
          <Button type="primary" size="large" onClick={submit}>
            {t('stocktake.scan.add')}
          </Button>
          <Upload
            accept=".txt,.csv,.xlsx"
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) =>
              upload(file as File).then(
                () => onSuccess?.(null),
                (e) => onError?.(e as Error),
              )
            }
          >
            <Button icon={<UploadOutlined />}>{t('stocktake.scan.upload')}</Button>
          </Upload>
        </Space>
      )}
      <Typography.Paragraph type="secondary">{t('stocktake.scan.hint')}</Typography.Paragraph>
      <List
        className="sy-stocktake-results"
        size="small"
        bordered
        dataSource={queue.items}
        locale={{ emptyText: t('stocktake.scan.empty') }}
        rowKey="clientId"
        renderItem={(i) => <ResultLine item={i} />}
      />
      {closing && (
        <CloseSession
          session={session}
          onClose={(done) => {
            setClosing(false);
            if (done) onChanged();
          }}
        />
      )}
    </Card>
  );
}

function ResultLine({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const r = item.result;
  let tag = <Tag>{t('stocktake.scan.waiting')}</Tag>;
  if (item.state === 'error') tag = <Tag color="red">{t('stocktake.scan.refused')}</Tag>;
  else if (r) tag = <Tag color={OUTCOME_COLOR[r.outcome]}>{t(`stocktake.outcome.${r.outcome}`)}</Tag>;
  return (
    <List.Item className={`sy-scan-${r?.outcome ?? item.state}`}>
      <Space wrap>
        {tag}
        <Typography.Text strong>{item.barcode}</Typography.Text>
        {r?.title && <span>{r.title}</span>}
        {r?.callNo && <Typography.Text type="secondary">{r.callNo}</Typography.Text>}
        {r?.reason && <Typography.Text type="secondary">{t(`stocktake.reason.${r.reason}`)}</Typography.Text>}
        {r?.after && <Typography.Text type="warning">{t('stocktake.scan.after', { callNo: r.after })}</Typography.Text>}
        {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
      </Space>
    </List.Item>
  );
}
