import { DEFAULT_GRACE_DAYS, type IssueRow } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Button, Input, InputNumber, Select, Space, Table, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtDay } from '../../kit/time.ts';
import { arrivalOf, issueColumns } from './checkin-shared.tsx';

type LateRow = IssueRow & { supplier: string; orderNo: string };
const STATES = ['all', 'late', 'claimed', 'missing'] as const;

/**
 * Late and missing issues (not arrived, expected date plus the grace days passed): claim them from the supplier
 * (each claim counted), give them up as missing, and export the list as a workbook to send.
 */
export function LateList({
  kind,
  canEdit,
  version,
  onChange,
}: {
  kind: SerialKind;
  canEdit: boolean;
  version: number;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { base } = arrivalOf(kind);
  const [q, setQ] = useState({ graceDays: DEFAULT_GRACE_DAYS, state: 'all' as (typeof STATES)[number], SearchKey: '' });
  const [rows, setRows] = useState<LateRow[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const load = useCallback(
    () =>
      api
        .post<{ List: LateRow[] }>(`${base}/GetLateIssues`, q)
        .then((d) => {
          setRows(d.List);
          setSelected((s) => s.filter((id) => d.List.some((r) => r.id === id)));
        })
        .catch(() => {}),
    [base, q],
  );
  useEffect(() => {
    void version;
    void load();
  }, [load, version]);

  const act = async (url: string, key: string) => {
    if (!selected.length) return notify.info(t('serialsArrival.late.selectFirst'));
    const r = await api.post<{ count: number }>(`${base}/${url}`, { issueIds: selected });
    notify.success(t(key, { count: r.count }));
    setSelected([]);
    onChange();
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tooltip title={t('serialsArrival.late.graceHint')}>
          <InputNumber
            className="sy-late-grace"
            min={0}
            max={365}
            precision={0}
            addonBefore={t('serialsArrival.late.grace')}
            value={q.graceDays}
            onChange={(v) => v != null && setQ((o) => ({ ...o, graceDays: v }))}
          />
        </Tooltip>
        <Select
          style={{ width: 140 }}
          value={q.state}
          onChange={(state) => setQ((o) => ({ ...o, state }))}
          options={STATES.map((s) => ({
            value: s,
            label: s === 'all' ? t('serialsArrival.late.all') : t(`serialsArrival.state.${s}`),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('serialsArrival.list.search')}
          onSearch={(SearchKey) => setQ((o) => ({ ...o, SearchKey }))}
        />
        {canEdit && (
          <>
            <Button
              className="sy-late-claim"
              type="primary"
              onClick={() => void act('ClaimIssues', 'serialsArrival.late.claimed')}
            >
              {t('serialsArrival.late.claim')}
            </Button>
            <Button onClick={() => void act('MarkMissing', 'serialsArrival.late.marked')}>
              {t('serialsArrival.late.missing')}
            </Button>
          </>
        )}
        <Button onClick={() => void api.download(`${base}/ExportClaims`, q)}>{t('serialsArrival.late.export')}</Button>
      </Space>
      <Table<LateRow>
        className="sy-late-list"
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined}
        columns={[
          ...issueColumns<LateRow>(t),
          {
            title: t('serialsArrival.col.claims'),
            width: 160,
            render: (_, r) =>
              r.claimCount
                ? t('serialsArrival.late.claimCount', { count: r.claimCount, date: fmtDay(r.claimedAt) })
                : '',
          },
          { title: t('serialsArrival.col.supplier'), dataIndex: 'supplier', width: 120 },
        ]}
      />
    </>
  );
}
