import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode, type ItemResult } from '@shuyuan/contracts/holdings/bulk';
import { Alert, Button, Card, Form, Input, type InputRef, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, ApiError } from '../../app/http.ts';
import { TargetFields } from './target-fields.tsx';

type Line = ItemResult & { key: number; pending?: boolean };

/**
 * /allocation-scan: scan copies one after another into a transfer. Each scan joins a queue that is sent one
 * at a time, so scanning faster than the server answers loses nothing; the lines show each answer.
 */
export default function AllocationScanPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canAllocate = usePermission(`${HoldingsCode.allocationScan}:allocate`);
  const [code, setCode] = useState('');
  const [items, setItems] = useState<Line[]>([]);
  const queue = useRef<Line[]>([]);
  const running = useRef(false);
  const batchNo = useRef<string | undefined>(undefined);
  const seq = useRef(0);
  const input = useRef<InputRef>(null);
  const [batch, setBatch] = useState<string>();

  const update = (key: number, patch: Partial<Line>) =>
    setItems((l) => l.map((x) => (x.key === key ? { ...x, ...patch, pending: false } : x)));

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (queue.current.length) {
        const line = queue.current.shift()!;
        const target = form.getFieldsValue();
        try {
          const r = await api.post<ItemResult & { batchNo: string }>(
            `${P}/Literature/BarCodeAllocation`,
            { barcode: line.barcode, batchNo: batchNo.current, ...target, remark: target.remark ?? '' },
            { showError: false },
          );
          batchNo.current = r.batchNo;
          setBatch(r.batchNo);
          update(line.key, r);
        } catch (e) {
          update(line.key, { ok: false, reason: e instanceof ApiError ? e.msg : String(e) });
        }
      }
    } finally {
      running.current = false;
    }
  };

  const scan = () => {
    const barcode = code.trim();
    setCode('');
    if (!barcode) return;
    if (!form.getFieldValue('toLocationId') && !form.getFieldValue('toBranchId')) {
      form.validateFields().catch(() => {});
      setItems((l) => [
        { key: ++seq.current, barcode, ok: false, reason: t('holdings.allocation.chooseTarget') },
        ...l,
      ]);
      return;
    }
    const line: Line = { key: ++seq.current, barcode, ok: false, pending: true };
    setItems((l) => [line, ...l]);
    queue.current.push(line);
    void drain();
  };

  const done = items.filter((i) => i.ok).length;
  return (
    <Card className="sy-allocation-scan">
      <Form form={form} layout="vertical">
        <TargetFields />
      </Form>
      {canAllocate && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input
            ref={input}
            className="sy-scan"
            size="large"
            style={{ width: 400 }}
            value={code}
            placeholder={t('holdings.allocation.scanHint')}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={scan}
            autoFocus
          />
          <Space>
            <Typography.Text>{t('holdings.allocation.scanned', { count: items.length, done })}</Typography.Text>
            {batch && <Tag>{t('holdings.allocation.batchNo', { no: batch })}</Tag>}
            <Button
              onClick={() => {
                batchNo.current = undefined;
                setBatch(undefined);
                setItems([]);
                input.current?.focus();
              }}
            >
              {t('holdings.allocation.newSession')}
            </Button>
          </Space>
        </Space>
      )}
      {!canAllocate && <Alert type="warning" message={t('holdings.common.noPermission')} />}
      <Table<Line>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="key"
        dataSource={items}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('holdings.field.barcode'), dataIndex: 'barcode', width: 160 },
          { title: t('holdings.common.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('holdings.common.result'),
            width: 120,
            render: (_, r) =>
              r.pending ? (
                <Tag>{t('holdings.allocation.sending')}</Tag>
              ) : r.ok ? (
                <Tag color="green">{t('holdings.common.done')}</Tag>
              ) : (
                <Tag color="red">{t('holdings.common.refused')}</Tag>
              ),
          },
          {
            title: t('holdings.common.detail'),
            render: (_, r) =>
              r.ok
                ? `${Object.values(r.before ?? {})
                    .filter(Boolean)
                    .join(' / ')} → ${Object.values(r.after ?? {})
                    .filter(Boolean)
                    .join(' / ')}`
                : r.reason,
          },
        ]}
      />
    </Card>
  );
}
