import type { ModerationState } from '@shuyuan/contracts/reviews/review';
import { App, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import type { ExtraAction, Option } from '../../kit/types.ts';

const COLOR: Record<ModerationState, string> = { pending: 'gold', passed: 'green', rejected: 'red' };

export const STATE_OPTIONS: Option[] = (['pending', 'passed', 'rejected'] as const).map((s) => ({
  value: s,
  label: `reviews.state.${s}`,
}));

export function ModerationTag({ state, reason }: { state: ModerationState; reason?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[state]} title={reason || undefined} data-testid="moderation-state">
      {t(`reviews.state.${state}`)}
    </Tag>
  );
}

/** Reject with the reason the reader will see (required). */
function RejectModal({ url, ids, onClose }: { url: string; ids: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.post(url, { ids, pass: false, reason: v.reason }, { showError: false });
      notify.success(t('reviews.moderate.rejected', { count: ids.length }));
      onClose(true);
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('reviews.moderate.rejectTitle', { count: ids.length })}
      onCancel={() => onClose(false)}
      onOk={() => submit().catch(() => {})}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('reviews.moderate.reason')}
          rules={[{ required: true, whitespace: true, message: t('reviews.moderate.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Pass / reject actions of a moderated list (reviews, shares): per row and for the selected rows. Passing asks
 * for a confirmation; rejecting asks for the reason. `modal` renders the reject dialog when open.
 */
export function useModeration<R extends { id: number; state: ModerationState }>(url: string, permission: string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [rejecting, setRejecting] = useState<{ ids: number[]; reload: () => void } | null>(null);
  const pass = (rows: R[], reload: () => void) => {
    if (!rows.length) return notify.info(t('reviews.moderate.chooseFirst'));
    modal.confirm({
      title: t('reviews.moderate.passConfirm', { count: rows.length }),
      onOk: async () => {
        await api.post(url, { ids: rows.map((r) => r.id), pass: true });
        notify.success(t('reviews.moderate.passed', { count: rows.length }));
        reload();
      },
    });
  };
  const reject = (rows: R[], reload: () => void) => {
    if (!rows.length) return notify.info(t('reviews.moderate.chooseFirst'));
    setRejecting({ ids: rows.map((r) => r.id), reload });
  };
  const rowActions: ExtraAction<R>[] = [
    { key: 'pass', label: 'reviews.moderate.pass', permission, onClick: (r, h) => pass([r!], h.reload) },
    {
      key: 'reject',
      label: 'reviews.moderate.reject',
      permission,
      danger: true,
      onClick: (r, h) => reject([r!], h.reload),
    },
  ];
  const toolbar: ExtraAction<R>[] = [
    {
      key: 'passMany',
      label: 'reviews.moderate.passSelected',
      permission,
      onClick: (_r, h) => pass(h.selected, h.reload),
    },
    {
      key: 'rejectMany',
      label: 'reviews.moderate.rejectSelected',
      permission,
      danger: true,
      onClick: (_r, h) => reject(h.selected, h.reload),
    },
  ];
  const dialog = rejecting && (
    <RejectModal
      url={url}
      ids={rejecting.ids}
      onClose={(done) => {
        if (done) rejecting.reload();
        setRejecting(null);
      }}
    />
  );
  return { rowActions, toolbar, dialog };
}
