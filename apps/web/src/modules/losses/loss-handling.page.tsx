import { P } from '@shuyuan/contracts/common/paths';
import { type LossDto, LossListQuery, type LossOption, type PayMethod } from '@shuyuan/contracts/losses/loss';
import { Descriptions, Form, Input, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ActionLinks, FormModal } from '../reservations/ui.tsx';
import { lossFields, yuan } from './loss-fields.tsx';

const CODE = 'loss-handling';
type Open = { row: LossDto; mode: 'pay' | 'retrieve' };
type Values = { payMethod?: PayMethod; option?: LossOption; note?: string };

/**
 * Screen /loss-handling (遗失处理): take the compensation of a lost copy (cash or deposit) and retrieve lost
 * copies one at a time — "retrieve after logout" keeps the compensation, "retrieve and refund" pays it back.
 */
export default function LossHandlingPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const [version, setVersion] = useState(0);

  const def = useMemo<ResourcePageDef<LossDto>>(
    () => ({
      area: 'Loss',
      entity: 'LossHandling',
      permission: CODE,
      title: 'losses.record.entity',
      contracts: { create: LossListQuery, update: LossListQuery },
      can: { add: false, edit: false, delete: false },
      listBody: { _v: version },
      fields: [
        ...lossFields({ compact: true }),
        {
          name: '_ops',
          label: 'kit.table.operation',
          render: (_v, row) => (
            <ActionLinks
              links={[
                {
                  key: 'pay',
                  label: 'losses.handling.pay',
                  permission: `${CODE}:compensate`,
                  show: row.state === 'not_compensated',
                  onClick: () => setOpen({ row, mode: 'pay' }),
                },
                {
                  key: 'retrieve',
                  label: 'losses.handling.retrieve',
                  permission: `${CODE}:handle`,
                  show: row.state !== 'retrieved',
                  onClick: () => setOpen({ row, mode: 'retrieve' }),
                },
              ]}
            />
          ),
        },
      ],
    }),
    [version],
  );

  const row = open?.row;
  const paid = row?.state === 'compensated';
  return (
    <>
      <ResourcePage def={def} />
      <FormModal<Values>
        open={!!open}
        title={t(open?.mode === 'pay' ? 'losses.handling.payTitle' : 'losses.handling.retrieveTitle', {
          barcode: row?.barcode ?? '',
        })}
        initial={{ payMethod: 'cash', option: paid ? 'retrieve_and_refund' : 'retrieve_after_logout' }}
        onClose={() => setOpen(null)}
        onSubmit={async (v) => {
          if (open?.mode === 'pay') {
            await api.post(`${P}/Loss/PayCompensation`, { id: row?.id, payMethod: v.payMethod, note: v.note ?? '' });
            notify.success(t('losses.handling.paid', { amount: yuan(row?.compensationFen) }));
          } else {
            const r = await api.post<{ refundFen: number; hold: { name: string } | null }>(`${P}/Loss/RetrieveLoss`, {
              id: row?.id,
              option: v.option,
              note: v.note ?? '',
            });
            notify.success(
              r.hold
                ? t('losses.handling.retrievedHold', { name: r.hold.name })
                : t('losses.handling.retrieved', { amount: yuan(r.refundFen) }),
            );
          }
          setOpen(null);
          setVersion((x) => x + 1);
        }}
      >
        {row && (
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('losses.col.title')}>{row.title}</Descriptions.Item>
            <Descriptions.Item label={t('losses.col.reader')}>
              {row.readerId ? `${row.readerName} (${row.readerAccount})` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('losses.col.compensation')}>{yuan(row.compensationFen)}</Descriptions.Item>
            <Descriptions.Item label={t('losses.col.state')}>{t(`losses.state.${row.state}`)}</Descriptions.Item>
          </Descriptions>
        )}
        {open?.mode === 'pay' ? (
          <Form.Item name="payMethod" label={t('losses.col.payMethod')}>
            <Radio.Group>
              <Radio value="cash">{t('losses.pay.cash')}</Radio>
              <Radio value="deposit" disabled={!row?.readerId}>
                {t('losses.pay.deposit')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        ) : (
          <Form.Item name="option" label={t('losses.col.option')} extra={t('losses.handling.optionHint')}>
            <Radio.Group>
              <Radio value="retrieve_after_logout">{t('losses.option.retrieve_after_logout')}</Radio>
              <Radio value="retrieve_and_refund" disabled={!paid}>
                {t('losses.option.retrieve_and_refund')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="note" label={t('losses.col.note')}>
          <Input maxLength={200} />
        </Form.Item>
      </FormModal>
    </>
  );
}
