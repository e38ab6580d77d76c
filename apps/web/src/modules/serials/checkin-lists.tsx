import type { CheckInResult, IssueRow } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Button, Input, InputNumber, Popconfirm, Popover, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { useViewActive } from '../../app/layout/ViewHost.tsx';
import { notify } from '../../app/notify.ts';
import { fmtMinute } from '../../kit/time.ts';
import { arrivalOf, doneText, issueColumns, issueText } from './checkin-shared.tsx';

const ROWS = 20;

/** Copies to check in for a picked issue, in a popover (default: the ordered copies). */
function CheckInButton({ kind, row, onDone }: { kind: SerialKind; row: IssueRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [n, setN] = useState<number | null>(row.orderedCopies);
  const [open, setOpen] = useState(false);
  const active = useViewActive();
  const go = async () => {
    if (!n) return;
    const r = await api.post<CheckInResult>(`${arrivalOf(kind).base}/CheckIn`, { issueId: row.id, copies: n });
    notify.success(doneText(t, r));
    setOpen(false);
    onDone();
  };
  return (
    <Popover
      open={open && active}
      onOpenChange={setOpen}
      trigger="click"
      title={t('serialsArrival.list.copiesTitle', { title: row.title, label: issueText(t, row) })}
      content={
        <Space>
          <InputNumber min={1} max={200} precision={0} value={n} onChange={setN} onPressEnter={() => void go()} />
          <Button type="primary" onClick={() => void go()} disabled={!n}>
            {t('serialsArrival.list.checkIn')}
          </Button>
        </Space>
      }
    >
      <Button size="small" type="link" className="sy-pick-checkin">
        {t('serialsArrival.list.checkIn')}
      </Button>
    </Popover>
  );
}

/**
 * The issues of the kind's subscriptions: `open` = still expected (claimed and missing too), by expected date, each
 * checked in from its row; `arrived` = most recent first, each check-in undone from its row (delete permission).
 */
export function IssueList(props: {
  kind: SerialKind;
  state: 'open' | 'arrived';
  canCheckIn: boolean;
  canUndo: boolean;
  version: number;
  onChange: () => void;
}) {
  const { kind, state, canCheckIn, canUndo, version, onChange } = props;
  const { t } = useTranslation();
  const [q, setQ] = useState({ Page: 1, SearchKey: '' });
  const [data, setData] = useState<{ List: IssueRow[]; Total: number }>({ List: [], Total: 0 });
  const load = useCallback(
    () =>
      api
        .post<{ List: IssueRow[]; Total: number }>(`${arrivalOf(kind).base}/GetIssues`, { ...q, Rows: ROWS, state })
        .then(setData)
        .catch(() => {}),
    [kind, q, state],
  );
  useEffect(() => {
    void version;
    void load();
  }, [load, version]);

  const undo = async (r: IssueRow) => {
    await api.post(`${arrivalOf(kind).base}/UndoCheckIn`, { issueId: r.id });
    notify.success(t('serialsArrival.list.undone'));
    onChange();
  };

  return (
    <>
      <Input.Search
        allowClear
        style={{ width: 300, marginBottom: 12 }}
        placeholder={t('serialsArrival.list.search')}
        onSearch={(SearchKey) => setQ({ Page: 1, SearchKey })}
      />
      <Table<IssueRow>
        className={`sy-issues-${state}`}
        size="small"
        rowKey="id"
        dataSource={data.List}
        pagination={{
          current: q.Page,
          pageSize: ROWS,
          total: data.Total,
          showSizeChanger: false,
          onChange: (Page) => setQ((o) => ({ ...o, Page })),
        }}
        columns={[
          ...issueColumns<IssueRow>(t),
          state === 'open'
            ? { title: t('serialsArrival.col.ordered'), dataIndex: 'orderedCopies', width: 90 }
            : { title: t('serialsArrival.col.arrived'), dataIndex: 'arrivedCopies', width: 90 },
          ...(state === 'arrived'
            ? [
                {
                  title: t('serialsArrival.col.arrivedAt'),
                  width: 150,
                  render: (_: unknown, r: IssueRow) => fmtMinute(r.arrivedAt),
                },
              ]
            : []),
          {
            title: t('serialsArrival.col.action'),
            width: 120,
            render: (_, r) =>
              state === 'open'
                ? canCheckIn && <CheckInButton kind={kind} row={r} onDone={onChange} />
                : canUndo && (
                    <Popconfirm
                      title={t('serialsArrival.list.undoConfirm', { count: r.arrivedCopies })}
                      onConfirm={() => void undo(r)}
                    >
                      <Button size="small" type="link" danger>
                        {t('serialsArrival.list.undo')}
                      </Button>
                    </Popconfirm>
                  ),
          },
        ]}
      />
    </>
  );
}
