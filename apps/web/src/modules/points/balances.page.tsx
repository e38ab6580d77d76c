import { P } from '@shuyuan/contracts/common/paths';
import { PointAdjustBody, PointBalanceQuery, type PointBalanceRow } from '@shuyuan/contracts/points/points';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { classField, gradeField } from './options.ts';

/** Manual adjustment of one reader's points: ± points and the reason (required; kept in the ledger). */
function AdjustModal({ row, onClose }: { row: PointBalanceRow | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const values = await form.validateFields();
    const body = PointAdjustBody.safeParse({ userId: row!.userId, ...values });
    if (!body.success) {
      form.setFields(body.error.issues.map((i) => ({ name: i.path.join('.'), errors: [t(i.message)] })));
      return;
    }
    setBusy(true);
    try {
      const r = await api.post<{ balance: number }>(`${P}/Points/Adjust`, body.data);
      notify.success(t('points.adjust.done', { name: row!.name, balance: r.balance }));
      form.resetFields();
      onClose(true);
    } catch {
      // The HTTP client shows the server's message (e.g. not enough points).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={row ? t('points.adjust.title', { name: row.name, balance: row.balance }) : ''}
      okText={t('points.adjust.ok')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => {})}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="points"
          label={t('points.adjust.points')}
          extra={t('points.adjust.pointsHelp')}
          rules={[{ required: true, message: t('points.pointsInvalid') }]}
        >
          <InputNumber precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('points.adjust.reason')}
          rules={[{ required: true, message: t('points.reasonRequired') }]}
        >
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /integral-point (读者积分): readers' balances with class and grade ranks, filters, manual adjustment, export. */
export default function PointBalancesPage() {
  const [adjusting, setAdjusting] = useState<{ row: PointBalanceRow; reload: () => void } | null>(null);
  const def = useMemo<ResourcePageDef<PointBalanceRow>>(
    () => ({
      area: 'Points',
      entity: 'Balance',
      paths: { list: `${P}/Points/GetBalanceList`, export: `${P}/Points/ExportBalances` },
      permission: 'integral-point',
      title: 'points.balances.entity',
      contracts: { create: PointBalanceQuery, update: PointBalanceQuery },
      can: { add: false, edit: false, delete: false },
      exportable: true,
      fields: [
        { name: 'account', label: 'points.col.account', width: 140 },
        { name: 'name', label: 'points.col.name', width: 140 },
        { name: 'gradeName', label: 'points.col.grade', width: 110, priority: 2 },
        { name: 'className', label: 'points.col.class', width: 110 },
        gradeField,
        classField,
        { name: 'balance', label: 'points.col.balance', width: 100 },
        { name: 'classRank', label: 'points.col.classRank', width: 100 },
        { name: 'gradeRank', label: 'points.col.gradeRank', width: 100, priority: 2 },
      ],
      rowActions: [
        {
          key: 'adjust',
          label: 'points.adjust.button',
          permission: 'integral-point:edit',
          onClick: (row, h) => row && setAdjusting({ row, reload: h.reload }),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={def} />
      <AdjustModal
        row={adjusting?.row ?? null}
        onClose={(changed) => {
          if (changed) adjusting?.reload();
          setAdjusting(null);
        }}
      />
    </>
  );
}
