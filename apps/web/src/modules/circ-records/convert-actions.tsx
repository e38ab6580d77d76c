import { Button, Dropdown, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import type { LoanRow } from './loan-list.tsx';
import { OverdueReviewModal } from './overdue-review.tsx';
import { URLS } from './shared.ts';

type Kind = 'returned' | 'weeding' | 'lost';

/**
 * Row actions of a loan: details, the overdue review while it is overdue (single processing: processed /
 * abandoned / pending) and, while open, its conversions (spec §4): to returned, to lost (a loss is registered
 * with its compensation — losses module) and to weeding (reason required).
 */
export function LoanActions({ row, onDone, detail = true }: { row: LoanRow; onDone: () => void; detail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = {
    returned: usePermission('return:return'),
    lost: usePermission('loss-register:add'),
    weeding: usePermission('weeding:weed'),
  };
  const canReview = usePermission('no-return:handle');
  const [reviewing, setReviewing] = useState(false);
  const [kind, setKind] = useState<Kind | null>(null);
  const [form] = Form.useForm<{ reason?: string; compensation?: number }>();
  const [busy, setBusy] = useState(false);
  const open = row.state !== 'returned';
  const submit = async () => {
    const { reason = '', compensation } = form.getFieldsValue();
    setBusy(true);
    try {
      await api.post(
        URLS.convert,
        {
          id: row.id,
          to: kind,
          reason,
          compensationFen:
            compensation === undefined || compensation === null ? undefined : Math.round(compensation * 100),
        },
        { showError: false },
      );
      notify.success(t(`circRecords.convert.done.${kind}`));
      setKind(null);
      form.resetFields();
      onDone();
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  const items = (['returned', 'lost', 'weeding'] as const)
    .filter((k) => can[k])
    .map((k) => ({ key: k, label: t(`circRecords.convert.to.${k}`), danger: k === 'weeding' }));
  return (
    <>
      {detail && (
        <Button type="link" size="small" onClick={() => navigate(`/search-records?id=${row.id}`)}>
          {t('circRecords.action.detail')}
        </Button>
      )}
      {canReview && row.state === 'overdue' && (
        <Button type="link" size="small" data-testid="review-one" onClick={() => setReviewing(true)}>
          {t('circRecords.review.action')}
        </Button>
      )}
      <OverdueReviewModal
        rows={reviewing ? [row] : []}
        onClose={() => setReviewing(false)}
        onDone={() => {
          setReviewing(false);
          onDone();
        }}
      />
      {open && items.length > 0 && (
        <Dropdown menu={{ items, onClick: ({ key }) => setKind(key as Kind) }}>
          <Button type="link" size="small">
            {t('circRecords.action.convert')}
          </Button>
        </Dropdown>
      )}
      <Modal
        open={kind !== null}
        title={kind && t(`circRecords.convert.title.${kind}`, { title: row.title, barcode: row.barcode })}
        onCancel={() => setKind(null)}
        onOk={() => submit().catch(() => {})}
        confirmLoading={busy}
        okButtonProps={{ danger: kind !== 'returned' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {kind === 'lost' && (
            <Form.Item
              name="compensation"
              label={t('circRecords.convert.compensation')}
              extra={t('circRecords.convert.lostHelp', { reader: row.readerName })}
              required
            >
              <InputNumber min={0} precision={2} step={1} style={{ width: 180 }} addonAfter="¥" />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={t('circRecords.convert.reason')}
            required={kind === 'weeding'}
            extra={kind === 'weeding' ? t('circRecords.convert.weedingHelp') : undefined}
          >
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
