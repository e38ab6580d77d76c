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
  /** The refusal itself (refused lines), for a follow-up such as an override. */
  error?: unknown;
  /** False for lines that are no loan or return (a reader's card at the lending desk): not in the counts. */
  counted?: boolean;
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
            : { ...l, state: 'refused', message: errorText(o.error), error: o.error },
      ),
    );
  }, []);
  /** Rewrites one line (a refused loan made after all by an override). */
  const replace = useCallback((id: number, line: Partial<ScanLine>) => {
    setLines((ls) => ls.map((l) => (l.id === id ? { ...l, error: undefined, message: undefined, ...line } : l)));
  }, []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, add, settle, replace, clear };
}

const ICON = {
  pending: <LoadingOutlined />,
  ok: <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} />,
  refused: <CloseCircleFilled style={{ color: '#ff4d4f', fontSize: 18 }} />,
};

/**
 * The session's lines; the latest refusal is repeated on top in red so nobody misses it. `action` adds a control
 * to a refused line (the lending desk's override). The counts leave out lines that are no loan (reader cards).
 */
export function ScanResults({
  lines,
  onClear,
  title,
  action,
}: {
  lines: ScanLine[];
  onClear: () => void;
  title: string;
  action?: (line: ScanLine) => ReactNode;
}) {
  const { t } = useTranslation();
  const latest = lines.find((l) => l.state !== 'pending');
  const counted = lines.filter((l) => l.counted !== false);
  const ok = counted.filter((l) => l.state === 'ok').length;
  const refused = counted.filter((l) => l.state === 'refused').length;
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
                {l.state === 'refused' && action?.(l)}
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
