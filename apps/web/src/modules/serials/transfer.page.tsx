import type { TransferIssue } from '@shuyuan/contracts/serials/arrival';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtMinute } from '../../kit/time.ts';
import { arrivalOf, issueText } from './checkin-shared.tsx';

/** Copies per place, filled as ordered: what each place still lacks, while copies are left. */
function asOrdered(r: TransferIssue): number[] {
  let left = r.arrivedCopies - r.distributed;
  return r.places.map((p) => {
    const n = Math.max(0, Math.min(p.ordered - p.distributed, left));
    left -= n;
    return n;
  });
}

/** The distribution form of one issue: one line per place of the order. */
function DistributeModal({
  kind,
  row,
  onClose,
}: {
  kind: SerialKind;
  row: TransferIssue;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    form.setFieldsValue({ places: asOrdered(row).map((copies) => ({ copies })) });
  }, [form, row]);
  const submit = async () => {
    const v = await form.validateFields();
    const places = row.places.map((p, i) => ({ locationId: p.locationId, copies: v.places[i]?.copies ?? 0 }));
    setBusy(true);
    try {
      const after = await api.post<TransferIssue>(
        `${arrivalOf(kind).base}/Transfer`,
        { issueId: row.id, places },
        { showError: false },
      );
      notify.success(t('serialsArrival.transfer.done', { count: after.distributed - row.distributed }));
      onClose(true);
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      forceRender
      title={t('serialsArrival.transfer.modalTitle', { title: row.title, label: issueText(t, row) })}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, disabled: !row.places.length, className: 'sy-transfer-ok' }}
      width={560}
    >
      <Typography.Paragraph>
        {t('serialsArrival.transfer.left', { count: row.arrivedCopies - row.distributed })}
      </Typography.Paragraph>
      {!row.places.length && <Alert type="warning" showIcon message={t('serialsArrival.transfer.noPlaces')} />}
      <Form form={form} layout="horizontal" className="sy-transfer-form">
        {row.places.map((p, i) => (
          <Form.Item
            key={p.locationId}
            name={['places', i, 'copies']}
            label={t('serialsArrival.transfer.placeLabel', { ...p, name: p.locationName })}
            labelCol={{ span: 14 }}
          >
            <InputNumber className={`sy-transfer-copies-${i}`} min={0} max={200} precision={0} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/**
 * /magazine-rowto (期刊移送) and /magazine-rowto2 (报纸移送): arrived issues and how their copies are spread over the
 * order's places; "Distribute" sends copies to places, never more per place than the order gives it.
 */
export function TransferPage({ kind }: { kind: SerialKind }) {
  const { t } = useTranslation();
  const { transfer: code, base } = arrivalOf(kind);
  const canTransfer = usePermission(`${code}:transfer`);
  const [q, setQ] = useState({ pending: true, SearchKey: '' });
  const [rows, setRows] = useState<TransferIssue[]>([]);
  const [editing, setEditing] = useState<TransferIssue | null>(null);
  const load = useCallback(
    () =>
      api
        .post<{ List: TransferIssue[] }>(`${base}/GetTransferIssues`, q)
        .then((d) => setRows(d.List))
        .catch(() => {}),
    [base, q],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Card className={`sy-transfer sy-transfer-${kind}`}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('serialsArrival.list.search')}
          onSearch={(SearchKey) => setQ((o) => ({ ...o, SearchKey }))}
        />
        <Space>
          <Switch checked={q.pending} onChange={(pending) => setQ((o) => ({ ...o, pending }))} />
          {t('serialsArrival.transfer.pending')}
        </Space>
      </Space>
      {!canTransfer && <Alert type="info" showIcon message={t('serialsArrival.noPermission')} />}
      <Table<TransferIssue>
        className="sy-transfer-list"
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: t('serialsArrival.col.postalCode'), dataIndex: 'postalCode', width: 110 },
          { title: t('serialsArrival.col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('serialsArrival.col.issue'), render: (_, r) => issueText(t, r) },
          { title: t('serialsArrival.col.arrivedAt'), width: 150, render: (_, r) => fmtMinute(r.arrivedAt) },
          { title: t('serialsArrival.col.arrived'), dataIndex: 'arrivedCopies', width: 90 },
          { title: t('serialsArrival.col.distributed'), dataIndex: 'distributed', width: 90 },
          {
            title: t('serialsArrival.col.places'),
            render: (_, r) =>
              r.places.map((p) => (
                <Tag key={p.locationId} color={p.distributed >= p.ordered ? 'green' : undefined}>
                  {t('serialsArrival.transfer.placeText', { ...p, name: p.locationName })}
                </Tag>
              )),
          },
          {
            title: t('serialsArrival.col.action'),
            width: 100,
            render: (_, r) =>
              canTransfer &&
              r.distributed < r.arrivedCopies && (
                <Button size="small" type="link" className="sy-transfer-open" onClick={() => setEditing(r)}>
                  {t('serialsArrival.transfer.distribute')}
                </Button>
              ),
          },
        ]}
      />
      {editing && (
        <DistributeModal
          kind={kind}
          row={editing}
          onClose={(changed) => {
            setEditing(null);
            if (changed) void load();
          }}
        />
      )}
    </Card>
  );
}

export const MagazineTransfer = () => <TransferPage kind="magazine" />;
export const NewspaperTransfer = () => <TransferPage kind="newspaper" />;
