import { OVERDUE_REVIEW_STATES, type OverdueReviewState } from '@shuyuan/contracts/circ-records/records';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import type { LoanRow } from './loan-list.tsx';
import { URLS } from './shared.ts';

/**
 * The review step of overdue mode "single processing" (spec §4 Processing: pending, processed, abandoned):
 * the librarian marks one or more overdue loans processed (the reader may borrow again), abandoned (with a
 * reason; still blocks) or back to pending. Each review is logged with its reason and operator.
 */
export function OverdueReviewModal({
  rows,
  onClose,
  onDone,
}: {
  rows: LoanRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ state: OverdueReviewState; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const state = Form.useWatch('state', form);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.post(
        URLS.overdueReview,
        { ids: rows.map((r) => r.id), state: v.state, reason: v.reason ?? '' },
        { showError: false },
      );
      notify.success(t('circRecords.review.done', { count: rows.length }));
      onDone();
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={rows.length > 0}
      title={
        rows.length === 1
          ? t('circRecords.review.titleOne', { title: rows[0].title, barcode: rows[0].barcode })
          : t('circRecords.review.titleMany', { count: rows.length })
      }
      onCancel={onClose}
      onOk={() => submit().catch(() => {})}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('circRecords.review.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ state: 'processed' }}>
        <Form.Item name="state" label={t('circRecords.review.state')} required>
          <Radio.Group
            data-testid="review-state"
            options={OVERDUE_REVIEW_STATES.map((s) => ({ value: s, label: t(`circRecords.review.states.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('circRecords.review.reason')}
          rules={state === 'abandoned' ? [{ required: true, message: t('circRecords.review.reasonRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
