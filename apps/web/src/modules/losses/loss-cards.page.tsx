import { P } from '@shuyuan/contracts/common/paths';
import { type CardDto, CardListQuery } from '@shuyuan/contracts/losses/loss';
import { App, Form, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ActionLinks, FormModal, shortTime } from '../reservations/ui.tsx';

const CODE = 'loss';

/**
 * Screen /loss (读者证挂失): find a reader, report the card lost (borrowing with it is refused), cancel the
 * report when it turns up, or re-issue the card (optionally with a new RFID).
 */
export default function LossCardsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [version, setVersion] = useState(0);
  const [reissue, setReissue] = useState<CardDto | null>(null);

  const def = useMemo<ResourcePageDef<CardDto>>(() => {
    const call = (url: string, row: CardDto, key: string) =>
      modal.confirm({
        title: t(`losses.card.${key}Confirm`, { name: row.name, account: row.account }),
        onOk: async () => {
          await api.post(`${P}/Loss/${url}`, { id: row.id });
          notify.success(t(`losses.card.${key}Done`));
          setVersion((v) => v + 1);
        },
      });
    return {
      area: 'Loss',
      entity: 'Card',
      paths: { list: `${P}/Loss/GetCardList` },
      permission: CODE,
      title: 'losses.card.entity',
      contracts: { create: CardListQuery, update: CardListQuery },
      can: { add: false, edit: false, delete: false },
      listBody: { _v: version },
      fields: [
        { name: 'account', label: 'losses.card.account' },
        { name: 'name', label: 'losses.card.name' },
        { name: 'identity', label: 'losses.card.identity', render: (v: string) => t(`readers.identity.${v}`) },
        { name: 'className', label: 'losses.card.class' },
        { name: 'cardRfid', label: 'losses.card.rfid' },
        {
          name: 'card',
          label: 'losses.card.state',
          type: 'select',
          inSearch: true,
          options: [
            { value: 'lost', label: 'losses.card.lost' },
            { value: 'ok', label: 'losses.card.ok' },
          ],
          render: (_v, r) =>
            r.cardLost ? <Tag color="red">{t('losses.card.lost')}</Tag> : <Tag>{t('losses.card.ok')}</Tag>,
        },
        { name: 'processedAt', label: 'losses.card.processedAt', render: (v: string | null) => shortTime(v) },
        { name: 'validUntil', label: 'losses.card.validUntil' },
        {
          name: '_ops',
          label: 'kit.table.operation',
          render: (_v, row) => (
            <ActionLinks
              links={[
                {
                  key: 'report',
                  label: 'losses.card.report',
                  permission: `${CODE}:handle`,
                  show: !row.cardLost,
                  danger: true,
                  onClick: () => call('ReportCardLost', row, 'report'),
                },
                {
                  key: 'cancel',
                  label: 'losses.card.cancel',
                  permission: `${CODE}:cancel`,
                  show: row.cardLost,
                  onClick: () => call('CancelCardLost', row, 'cancel'),
                },
                {
                  key: 'reissue',
                  label: 'losses.card.reissue',
                  permission: `${CODE}:handle`,
                  show: row.cardLost,
                  onClick: () => setReissue(row),
                },
              ]}
            />
          ),
        },
      ],
    };
  }, [t, modal, version]);

  return (
    <>
      <ResourcePage def={def} />
      <FormModal<{ cardRfid?: string }>
        open={!!reissue}
        title={t('losses.card.reissueTitle', { name: reissue?.name ?? '' })}
        onClose={() => setReissue(null)}
        onSubmit={async (v) => {
          await api.post(`${P}/Loss/ReissueCard`, { id: reissue?.id, cardRfid: v.cardRfid || undefined });
          notify.success(t('losses.card.reissueDone'));
          setReissue(null);
          setVersion((x) => x + 1);
        }}
      >
        <Form.Item name="cardRfid" label={t('losses.card.newRfid')} extra={t('losses.card.newRfidHint')}>
          <Input autoFocus allowClear />
        </Form.Item>
      </FormModal>
    </>
  );
}
