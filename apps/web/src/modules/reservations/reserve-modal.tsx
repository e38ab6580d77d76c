import { P } from '@shuyuan/contracts/common/paths';
import type { ReservableTitleDto } from '@shuyuan/contracts/reservations/reservation';
import { Checkbox, Form, Input, type InputRef, Radio, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
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
function ScanFields({ open, byTitle }: { open: boolean; byTitle: boolean }) {
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
      {byTitle ? (
        <TitlePicker />
      ) : (
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
      )}
    </>
  );
}

/**
 * The title to reserve, searched in the catalogue by title words or ISBN: each option says how many copies
 * the library holds, how many are on the shelf and how many readers wait. The value is the record id.
 */
function TitlePicker() {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ReservableTitleDto[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const search = async (key: string) => {
    const k = key.trim();
    if (!k) return setOptions([]);
    const mine = ++seq.current;
    setLoading(true);
    try {
      const rows = await api.post<ReservableTitleDto[]>(`${P}/Circulation/FindReservableTitles`, { key: k });
      if (mine === seq.current) setOptions(rows);
    } catch {
      // The HTTP client showed the message.
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };
  return (
    <Form.Item
      name="recordId"
      label={t('reservations.reserve.titleField')}
      extra={t('reservations.reserve.titleHint')}
      rules={[{ required: true, message: t('reservations.titleRequired') }]}
    >
      <Select
        showSearch
        filterOption={false}
        onSearch={search}
        loading={loading}
        placeholder={t('reservations.reserve.titlePlaceholder')}
        notFoundContent={loading ? undefined : t('reservations.reserve.noTitle')}
        data-testid="reserve-title"
        optionLabelProp="label"
        options={options.map((o) => ({
          value: o.recordId,
          label: o.title,
          desc: o,
        }))}
        optionRender={(opt) => {
          const o = (opt.data as { desc: ReservableTitleDto }).desc;
          return (
            <div>
              <div>{o.title}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[o.author, o.isbn].filter(Boolean).join(' · ')}{' '}
                {t('reservations.reserve.titleCounts', {
                  copies: o.copies,
                  available: o.available,
                  waiting: o.waiting,
                })}
              </Typography.Text>
            </div>
          );
        }}
      />
    </Form.Item>
  );
}

/**
 * "Reserve for reader": scan the reader's card and any copy of the title, or search the catalogue for the
 * title (title words or ISBN) when no copy is at hand. By copy, any copy of that title will do unless "this
 * copy only" is ticked. A title reservation is filled by the first copy on the shelf or returned; a copy on
 * the shelf goes to the hold shelf at once.
 */
export function ReserveModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [byTitle, setByTitle] = useState(false);
  return (
    <FormModal<{ readerBarcode: string; barcode?: string; recordId?: number; thisCopy: boolean; note?: string }>
      open={open}
      title={t('reservations.reserve.title')}
      onClose={onClose}
      initial={{ thisCopy: false }}
      onSubmit={async (v) => {
        const r = await api.post<Placed>(`${P}/Circulation/AddReservation`, {
          readerBarcode: v.readerBarcode,
          ...(byTitle ? { recordId: v.recordId } : { barcode: v.barcode, anyCopy: !v.thisCopy }),
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
      <Radio.Group
        value={byTitle ? 'title' : 'copy'}
        onChange={(e) => setByTitle(e.target.value === 'title')}
        optionType="button"
        style={{ marginBottom: 16 }}
        data-testid="reserve-mode"
        options={[
          { value: 'copy', label: t('reservations.reserve.byCopy') },
          { value: 'title', label: t('reservations.reserve.byTitle') },
        ]}
      />
      <ScanFields open={open} byTitle={byTitle} />
      {!byTitle && (
        <Form.Item name="thisCopy" valuePropName="checked">
          <Checkbox>{t('reservations.reserve.thisCopy')}</Checkbox>
        </Form.Item>
      )}
      <Form.Item name="note" label={t('reservations.reserve.note')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
