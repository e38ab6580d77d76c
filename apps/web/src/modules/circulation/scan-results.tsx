import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beep, errorText } from './feedback.ts';
import type { QueueOutcome } from './scan-queue.ts';

/** One line of a desk session: a scan waiting, done, or refused with the server's reason. */
export interface ScanLine {
  id: number;
  code: string;
  state: 'pending' | 'ok' | 'refused';
  title?: string;
  detail?: ReactNode;
  notice?: ReactNode;
  message?: string;
}

/**
 * The lines of a desk session, newest first: `add(code)` when a scan is queued, `settle(outcome, describe)`
 * when its answer arrives (with a beep: high = done, low buzz = refused).
 */
export function useScanLines<R>() {
  const [lines, setLines] = useState<ScanLine[]>([]);
  const add = useCallback((id: number, code: string) => {
    setLines((ls) => [{ id, code, state: 'pending' }, ...ls]);
  }, []);
  const settle = useCallback((o: QueueOutcome<R>, describe: (value: R) => Partial<ScanLine>) => {
    beep(o.ok);
    setLines((ls) =>
      ls.map((l) =>
        l.id !== o.id
          ? l
          : o.ok
            ? { ...l, state: 'ok', ...describe(o.value) }
            : { ...l, state: 'refused', message: errorText(o.error) },
      ),
    );
  }, []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, add, settle, clear };
}

const ICON = {
  pending: <LoadingOutlined />,
  ok: <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} />,
  refused: <CloseCircleFilled style={{ color: '#ff4d4f', fontSize: 18 }} />,
};

/** The session's lines; the latest refusal is repeated on top in red so nobody misses it. */
export function ScanResults({ lines, onClear, title }: { lines: ScanLine[]; onClear: () => void; title: string }) {
  const { t } = useTranslation();
  const latest = lines.find((l) => l.state !== 'pending');
  const ok = lines.filter((l) => l.state === 'ok').length;
  const refused = lines.filter((l) => l.state === 'refused').length;
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Space>
          <Typography.Text type="secondary">{t('circulation.results.counts', { ok, refused })}</Typography.Text>
          <Button size="small" onClick={onClear} disabled={!lines.length}>
            {t('circulation.results.clear')}
          </Button>
        </Space>
      }
    >
      {latest?.state === 'refused' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="last-refusal"
          message={`${latest.code}: ${latest.message}`}
        />
      )}
      <List
        size="small"
        dataSource={lines}
        locale={{ emptyText: t('circulation.results.empty') }}
        data-testid="scan-results"
        renderItem={(l) => (
          <List.Item
            data-testid="scan-line"
            data-state={l.state}
            style={l.state === 'refused' ? { background: '#fff1f0' } : undefined}
          >
            <Space align="start">
              {ICON[l.state]}
              <Space direction="vertical" size={0}>
                <Space wrap>
                  <Typography.Text code>{l.code}</Typography.Text>
                  {l.title && <Typography.Text strong>{l.title}</Typography.Text>}
                  {l.state === 'pending' && (
                    <Typography.Text type="secondary">{t('circulation.results.pending')}</Typography.Text>
                  )}
                </Space>
                {l.state === 'refused' && <Typography.Text type="danger">{l.message}</Typography.Text>}
                {l.detail}
                {l.notice}
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
