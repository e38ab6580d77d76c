import { Button, Dropdown, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import type { LoanRow } from './loan-list.tsx';
import { URLS } from './shared.ts';

type Kind = 'returned' | 'weeding';

/**
 * Row actions of an open loan: details, convert to returned, to weeding (reason required), and to lost —
 * losses are registered on /loss-register (compensation amount), which the button opens with the barcode.
 */
export function LoanActions({ row, onDone, detail = true }: { row: LoanRow; onDone: () => void; detail?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canReturn = usePermission('return:return');
  const canWeed = usePermission('weeding:weed');
  const canLose = usePermission('loss-register:add');
  const [kind, setKind] = useState<Kind | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const open = row.state !== 'returned';
  const submit = async () => {
    const { reason = '' } = form.getFieldsValue();
    setBusy(true);
    try {
      await api.post(
        kind === 'returned' ? URLS.toReturned : URLS.toWeeding,
        { id: row.id, reason },
        { showError: kind === 'returned' },
      );
      notify.success(t(`circRecords.convert.done.${kind}`));
      setKind(null);
      form.resetFields();
      onDone();
    } catch (e) {
      if (!fieldErrors(form, e)) throw e;
    } finally {
      setBusy(false);
    }
  };
  const items = [
    canReturn && { key: 'returned', label: t('circRecords.convert.toReturned') },
    canWeed && { key: 'weeding', label: t('circRecords.convert.toWeeding'), danger: true },
    canLose && { key: 'lost', label: t('circRecords.convert.toLost') },
  ].filter(Boolean) as { key: string; label: string }[];
  return (
    <>
      {detail && (
        <Button type="link" size="small" onClick={() => navigate(`/search-records?id=${row.id}`)}>
          {t('circRecords.action.detail')}
        </Button>
      )}
      {open && items.length > 0 && (
        <Dropdown
          menu={{
            items,
            onClick: ({ key }) =>
              key === 'lost'
                ? navigate(`/loss-register?barcode=${encodeURIComponent(row.barcode)}`)
                : setKind(key as Kind),
          }}
        >
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
        okButtonProps={{ danger: kind === 'weeding' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('circRecords.convert.reason')}
            extra={kind === 'weeding' ? t('circRecords.convert.weedingHelp') : undefined}
          >
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
