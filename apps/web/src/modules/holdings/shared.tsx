import { P } from '@shuyuan/contracts/common/paths';
import { BULK_STATES } from '@shuyuan/contracts/holdings/bulk';
import type { BulkAnswer, ItemResult } from '@shuyuan/contracts/holdings/bulk';
import { STORE_TYPES } from '@shuyuan/contracts/catalogue/copy-state';
import { Alert, Input, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

export type Opt = { value: number; label: string };

const cache = new Map<string, Promise<Opt[]>>();

/** A school list as select options (branches, locations, batches…), loaded once per screen visit. */
export function useList(
  url: string,
  label: string | ((row: Record<string, unknown>) => string),
  body: Record<string, unknown> = {},
): Opt[] {
  const [opts, setOpts] = useState<Opt[]>([]);
  const key = `${url}|${String(label)}|${JSON.stringify(body)}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for url, label and body
  useEffect(() => {
    let alive = true;
    let p = cache.get(key);
    if (!p) {
      p = api
        .post<{ List: Record<string, unknown>[] }>(url, { Page: 1, Rows: 500, ...body }, { showError: false })
        .then((d) =>
          (d?.List ?? []).map((r) => ({
            value: r.id as number,
            label: typeof label === 'function' ? label(r) : String(r[label] ?? ''),
          })),
        );
      p.catch(() => cache.delete(key));
      cache.set(key, p);
      setTimeout(() => cache.delete(key), 30_000);
    }
    p.then((o) => alive && setOpts(o)).catch(() => {});
    return () => {
      alive = false;
    };
  }, [key]);
  return opts;
}

export const useBranches = () => useList(`${P}/Basic/GetBranchList`, 'name');
export const useLocations = () => useList(`${P}/Basic/GetLocationList`, 'name');
export const useBatches = () => useList(`${P}/Catalogue/GetBatchList`, 'batchNo');
export const useResourceTypes = () => useList(`${P}/Basic/GetResourceTypeList`, 'name');

/** Store type and bulk-settable state options with their labels. */
export function useEnums() {
  const { t } = useTranslation();
  return {
    stores: STORE_TYPES.map((n) => ({ value: n, label: t(`holdings.store.${n}`) })),
    states: BULK_STATES.map((s) => ({ value: s, label: t(`holdings.state.${s}`) })),
  };
}

/** Text typed, pasted or scanned (one per line, or separated by commas/spaces) → trimmed non-empty items. */
export function lines(text: string | undefined, splitSpaces = true): string[] {
  return (text ?? '')
    .split(splitSpaces ? /[\s,，;；]+/ : /\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A textarea for barcodes with a live count. */
export function BarcodeBox({
  value,
  onChange,
  rows = 8,
  placeholder,
}: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        className="sy-barcodes"
        rows={rows}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder ?? t('holdings.common.barcodesHint')}
      />
      <Typography.Text type="secondary">{t('holdings.common.count', { count: lines(value).length })}</Typography.Text>
    </Space>
  );
}

/** "field: before → after" lines of one item. */
function Changes({ r }: { r: ItemResult }) {
  const { t } = useTranslation();
  const keys = Object.keys(r.after ?? r.before ?? {});
  if (!keys.length) return null;
  return (
    <Space direction="vertical" size={0}>
      {keys.map((k) => (
        <span key={k}>
          {t(`holdings.field.${k}`)}:{' '}
          <Typography.Text delete={r.after !== undefined}>{String(r.before?.[k] ?? '') || '—'}</Typography.Text>
          {r.after !== undefined && (
            <>
              {' '}
              → <b>{String(r.after[k] ?? '') || '—'}</b>
            </>
          )}
        </span>
      ))}
    </Space>
  );
}

/**
 * The per-item answer of a bulk call: counts, then every item (applied / would apply, or refused and why),
 * refused ones first so they are seen.
 */
export function ResultTable({ data, applied }: { data: BulkAnswer | null; applied: boolean }) {
  const { t } = useTranslation();
  if (!data) return null;
  const rows = [...data.List].sort((a, b) => Number(a.ok) - Number(b.ok));
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="sy-results">
      <Alert
        type={data.badCount ? 'warning' : 'success'}
        showIcon
        message={t(applied ? 'holdings.common.appliedSummary' : 'holdings.common.previewSummary', {
          ok: data.okCount,
          bad: data.badCount,
          total: data.Total ?? data.List.length,
        })}
      />
      <Table<ItemResult>
        size="small"
        rowKey={(r, i) => `${r.barcode}-${i}`}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: true, pageSizeOptions: [5, 10, 20, 30, 40] }}
        columns={[
          { title: t('holdings.field.barcode'), dataIndex: 'barcode', width: 150 },
          { title: t('holdings.common.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('holdings.common.result'),
            width: 120,
            render: (_, r) =>
              r.ok ? (
                <Tag color="green">{t(applied ? 'holdings.common.done' : 'holdings.common.willDo')}</Tag>
              ) : (
                <Tag color="red">{t('holdings.common.refused')}</Tag>
              ),
          },
          {
            title: t('holdings.common.detail'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {r.reason && <Typography.Text type={r.ok ? 'secondary' : 'danger'}>{r.reason}</Typography.Text>}
                <Changes r={r} />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** Uploads a file with P/upload/post and answers its url. */
export async function upload(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const up = await api.post<{ url: string }>(`${P}/upload/post`, body);
  return up.url;
}
