import { P } from '@shuyuan/contracts/common/paths';
import {
  RESERVATION_STATES,
  type ReservationDto,
  ReservationListQuery,
} from '@shuyuan/contracts/reservations/reservation';
import { App, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ReserveModal } from './reserve-modal.tsx';
import { ActionLinks, FormModal, StateTag, shortTime } from './ui.tsx';

const CODE = 'reservation';
const C = `${P}/Circulation`;

/**
 * Screen /reservation (预约处理): every reservation with its state and queue place; reserve a title for a
 * reader, put a copy on the hold shelf by hand, cancel, export.
 */
export default function ReservationPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [reserving, setReserving] = useState(false);
  const [readyFor, setReadyFor] = useState<ReservationDto | null>(null);
  // Bumped after an operation: the list body changes, so the kit loads the rows again.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  const def = useMemo<ResourcePageDef<ReservationDto>>(() => {
    const cancel = (row: ReservationDto) =>
      modal.confirm({
        title: t('reservations.reservation.cancelConfirm', { title: row.title, name: row.readerName }),
        okButtonProps: { danger: true },
        onOk: async () => {
          const r = await api.post<{ nextHold: { name: string } | null }>(`${C}/CancelReservation`, { id: row.id });
          notify.success(
            r.nextHold
              ? t('reservations.reservation.passedOn', { name: r.nextHold.name })
              : t('reservations.reservation.cancelled'),
          );
          setVersion((v) => v + 1);
        },
      });
    return {
      area: 'Circulation',
      entity: 'Reservation',
      permission: CODE,
      title: 'reservations.reservation.entity',
      contracts: { create: ReservationListQuery, update: ReservationListQuery },
      can: { add: false, edit: false, delete: false },
      exportable: true,
      listBody: { _v: version },
      fields: [
        {
          name: 'readerName',
          label: 'reservations.reservation.reader',
          render: (_v, r) => `${r.readerName} (${r.readerAccount})`,
        },
        { name: 'readerBarcode', label: 'reservations.reservation.readerBarcode', inTable: false, inSearch: true },
        { name: 'title', label: 'reservations.reservation.title' },
        { name: 'barcode', label: 'reservations.reservation.barcode' },
        {
          name: 'state',
          label: 'reservations.reservation.state',
          type: 'select',
          inSearch: true,
          options: RESERVATION_STATES.map((s) => ({ value: s, label: `reservations.state.${s}` })),
          render: (v: string) => <StateTag value={v} prefix="reservations.state" />,
        },
        { name: 'queuePosition', label: 'reservations.reservation.queue' },
        { name: 'holdUntil', label: 'reservations.reservation.holdUntil' },
        {
          name: 'notifiedAt',
          label: 'reservations.reservation.notified',
          render: (v: string | null, r) =>
            r.state === 'ready' ? shortTime(v) || t('reservations.reservation.notYet') : '',
        },
        { name: 'createdAt', label: 'reservations.reservation.createdAt', render: (v: string) => shortTime(v) },
        { name: 'from', label: 'reservations.reservation.from', type: 'date', inTable: false, inSearch: true },
        { name: 'to', label: 'reservations.reservation.to', type: 'date', inTable: false, inSearch: true },
        {
          name: '_ops',
          label: 'kit.table.operation',
          render: (_v, row) => (
            <ActionLinks
              links={[
                {
                  key: 'ready',
                  label: 'reservations.reservation.ready',
                  permission: `${CODE}:handle`,
                  show: row.state === 'waiting',
                  onClick: () => setReadyFor(row),
                },
                {
                  key: 'cancel',
                  label: 'reservations.reservation.cancel',
                  permission: `${CODE}:cancel`,
                  show: row.state === 'waiting' || row.state === 'ready',
                  danger: true,
                  onClick: () => cancel(row),
                },
              ]}
            />
          ),
        },
      ],
      toolbar: [
        {
          key: 'reserve',
          label: 'reservations.reservation.reserve',
          permission: `${CODE}:handle`,
          onClick: () => setReserving(true),
        },
      ],
    };
  }, [t, modal, version]);

  return (
    <>
      <ResourcePage def={def} />
      <ReserveModal
        open={reserving}
        onClose={() => setReserving(false)}
        onDone={() => {
          setReserving(false);
          reload();
        }}
      />
      <FormModal<{ barcode?: string }>
        open={!!readyFor}
        title={t('reservations.reservation.readyTitle', { title: readyFor?.title ?? '' })}
        onClose={() => setReadyFor(null)}
        onSubmit={async (v) => {
          const r = await api.post<{ barcode: string; holdUntil: string }>(`${C}/ReservationReady`, {
            id: readyFor?.id,
            barcode: v.barcode || undefined,
          });
          notify.success(t('reservations.reservation.readyDone', { barcode: r.barcode, until: r.holdUntil }));
          setReadyFor(null);
          reload();
        }}
      >
        <Form.Item
          name="barcode"
          label={t('reservations.reservation.readyBarcode')}
          extra={t('reservations.reservation.readyHint')}
        >
          <Input autoFocus allowClear />
        </Form.Item>
      </FormModal>
    </>
  );
}
