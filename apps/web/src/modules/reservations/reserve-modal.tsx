import { P } from '@shuyuan/contracts/common/paths';
import { Checkbox, Form, Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { FormModal } from './ui.tsx';

interface Placed {
  state: 'waiting' | 'ready';
  barcode: string | null;
  holdUntil: string | null;
  queuePosition: number | null;
}

/**
 * The two scan fields, scanner-friendly: the reader's card + Enter moves on to the copy, the copy + Enter
 * places the reservation. The card field takes the focus whenever the dialog opens.
 */
function ScanFields({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const reader = useRef<InputRef>(null);
  const copy = useRef<InputRef>(null);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => reader.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <>
      <Form.Item
        name="readerBarcode"
        label={t('reservations.reserve.reader')}
        rules={[{ required: true, message: t('reservations.readerRequired') }]}
      >
        <Input
          ref={reader}
          autoComplete="off"
          onPressEnter={(e) => {
            e.preventDefault();
            copy.current?.focus();
          }}
        />
      </Form.Item>
      <Form.Item
        name="barcode"
        label={t('reservations.reserve.barcode')}
        extra={t('reservations.reserve.barcodeHint')}
        rules={[{ required: true, message: t('reservations.barcodeRequired') }]}
      >
        <Input
          ref={copy}
          autoComplete="off"
          onPressEnter={(e) => {
            e.preventDefault();
            form.submit();
          }}
        />
      </Form.Item>
    </>
  );
}

/**
 * "Reserve for reader": scan the reader's card and any copy of the title. By default any copy of that title
 * will do; "this copy only" reserves the scanned copy itself. A copy on the shelf goes to the hold shelf at once.
 */
export function ReserveModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<{ readerBarcode: string; barcode: string; thisCopy: boolean; note?: string }>
      open={open}
      title={t('reservations.reserve.title')}
      onClose={onClose}
      initial={{ thisCopy: false }}
      onSubmit={async (v) => {
        const r = await api.post<Placed>(`${P}/Circulation/AddReservation`, {
          readerBarcode: v.readerBarcode,
          barcode: v.barcode,
          anyCopy: !v.thisCopy,
          note: v.note || undefined,
        });
        notify.success(
          r.state === 'ready'
            ? t('reservations.reserve.readyNow', { barcode: r.barcode, until: r.holdUntil })
            : t('reservations.reserve.queued', { position: r.queuePosition }),
        );
        onDone();
      }}
    >
      <ScanFields open={open} />
      <Form.Item name="thisCopy" valuePropName="checked">
        <Checkbox>{t('reservations.reserve.thisCopy')}</Checkbox>
      </Form.Item>
      <Form.Item name="note" label={t('reservations.reserve.note')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
