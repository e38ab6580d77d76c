import { P } from '@shuyuan/contracts/common/paths';
import {
  AddRecommendationBody,
  RECOMMENDATION_STATES,
  type RecommendationDto,
} from '@shuyuan/contracts/reservations/recommendation';
import { Form, Input, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { ResourcePage } from '../../kit/ResourcePage.tsx';
import type { ResourcePageDef } from '../../kit/types.ts';
import { ActionLinks, FormModal, StateTag, shortTime } from './ui.tsx';

const CODE = 'recommendation';
const C = `${P}/Circulation`;
type Handling = { row: RecommendationDto; mode: 'handle' | 'cancel' };

/**
 * Screen /recommendation (荐购处理): readers' and teachers' purchase suggestions; record one for a reader,
 * handle (found — linked to the record with the same ISBN — or not found), cancel, export.
 */
export default function RecommendationPage() {
  const { t } = useTranslation();
  const [handling, setHandling] = useState<Handling | null>(null);
  const [version, setVersion] = useState(0);

  const def = useMemo<ResourcePageDef<RecommendationDto>>(
    () => ({
      area: 'Circulation',
      entity: 'Recommendation',
      paths: { add: `${C}/AddRecommendation` },
      permission: CODE,
      title: 'reservations.rec.entity',
      contracts: { create: AddRecommendationBody, update: AddRecommendationBody },
      can: { add: false, edit: false, delete: false },
      exportable: true,
      listBody: { _v: version },
      fields: [
        { name: 'title', label: 'reservations.rec.title' },
        { name: 'author', label: 'reservations.rec.author' },
        { name: 'isbn', label: 'reservations.rec.isbn' },
        { name: 'publisher', label: 'reservations.rec.publisher' },
        { name: 'reason', label: 'reservations.rec.reason', type: 'textarea', width: 200 },
        {
          name: 'readerBarcode',
          label: 'reservations.rec.reader',
          render: (_v, r) => (r.readerId ? `${r.readerName} (${r.readerAccount})` : ''),
        },
        {
          name: 'state',
          label: 'reservations.rec.stateLabel',
          type: 'select',
          inSearch: true,
          inForm: false,
          options: RECOMMENDATION_STATES.map((s) => ({ value: s, label: `reservations.rec.state.${s}` })),
          render: (v: string) => <StateTag value={v} prefix="reservations.rec.state" />,
        },
        {
          name: 'recordTitle',
          label: 'reservations.rec.record',
          inForm: false,
        },
        { name: 'note', label: 'reservations.rec.note', inForm: false },
        {
          name: 'createdAt',
          label: 'reservations.rec.createdAt',
          inForm: false,
          render: (v: string) => shortTime(v),
        },
        { name: 'from', label: 'reservations.rec.from', type: 'date', inTable: false, inSearch: true, inForm: false },
        { name: 'to', label: 'reservations.rec.to', type: 'date', inTable: false, inSearch: true, inForm: false },
        {
          name: '_ops',
          label: 'kit.table.operation',
          inForm: false,
          render: (_v, row) => (
            <ActionLinks
              links={[
                {
                  key: 'handle',
                  label: 'reservations.rec.handle',
                  permission: `${CODE}:handle`,
                  show: row.state === 'pending' || row.state === 'not_found',
                  onClick: () => setHandling({ row, mode: 'handle' }),
                },
                {
                  key: 'cancel',
                  label: 'reservations.rec.cancel',
                  permission: `${CODE}:cancel`,
                  show: row.state === 'pending' || row.state === 'not_found',
                  danger: true,
                  onClick: () => setHandling({ row, mode: 'cancel' }),
                },
              ]}
            />
          ),
        },
      ],
      toolbar: [
        {
          key: 'add',
          label: 'reservations.rec.add',
          permission: `${CODE}:handle`,
          onClick: (_r, h) => h.openAdd(),
        },
      ],
      onChange: () => setVersion((v) => v + 1),
    }),
    [version],
  );

  const row = handling?.row;
  return (
    <>
      <ResourcePage def={def} />
      <FormModal<{ result?: 'found' | 'not_found'; note?: string }>
        open={!!handling}
        title={t(handling?.mode === 'cancel' ? 'reservations.rec.cancelTitle' : 'reservations.rec.handleTitle', {
          title: row?.title ?? '',
        })}
        initial={{ result: 'found' }}
        onClose={() => setHandling(null)}
        onSubmit={async (v) => {
          if (handling?.mode === 'cancel') {
            await api.post(`${C}/CancelRecommendation`, { id: row?.id, note: v.note ?? '' });
            notify.success(t('reservations.rec.cancelled'));
          } else {
            await api.post(`${C}/HandleRecommendation`, { id: row?.id, result: v.result, note: v.note ?? '' });
            notify.success(t('reservations.rec.handled'));
          }
          setHandling(null);
          setVersion((x) => x + 1);
        }}
      >
        {handling?.mode === 'handle' && (
          <Form.Item name="result" label={t('reservations.rec.result')} extra={t('reservations.rec.foundHint')}>
            <Radio.Group>
              <Radio value="found">{t('reservations.rec.state.found')}</Radio>
              <Radio value="not_found">{t('reservations.rec.state.not_found')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item name="note" label={t('reservations.rec.note')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </FormModal>
    </>
  );
}
