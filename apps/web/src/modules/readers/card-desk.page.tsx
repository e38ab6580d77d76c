import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Space,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@shuyuan/contracts/common/paths';
import { maskPhone } from '@shuyuan/contracts/common/validators';
import type { ReaderDto } from '@shuyuan/contracts/readers/reader';
import { usePermission } from '../../app/auth/permission.tsx';
import { useFileSrc } from '../../app/files.ts';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

const CARDS = 'resource-mana.resource.user-transfer';

/** Default validity of a new card: the end of the current school year (31 July), at least six months ahead. */
function defaultValidUntil(): Dayjs {
  let end = dayjs().month(6).date(31);
  if (end.diff(dayjs(), 'month') < 6) end = end.add(1, 'year');
  return end;
}

function cardState(r: ReaderDto, t: (k: string) => string) {
  const [state, color, key] = r.cardLost
    ? ['lost', 'red', 'readers.card.lost']
    : !r.processedAt
      ? ['notIssued', undefined, 'readers.cardDesk.notIssued']
      : r.validUntil && r.validUntil < dayjs().format('YYYY-MM-DD')
        ? ['expired', 'orange', 'readers.cardDesk.expired']
        : ['ok', 'green', 'readers.card.ok'];
  return (
    <Tag color={color} data-testid="card-state" data-state={state}>
      {t(key)}
    </Tag>
  );
}

function IssueModal({ reader, onDone }: { reader: ReaderDto | null; onDone: (r: ReaderDto | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reader) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await api.post<ReaderDto>(`${P}/Readers/IssueCard`, {
        id: reader.id,
        validUntil: (v.validUntil as Dayjs).format('YYYY-MM-DD'),
        cardRfid: v.cardRfid ?? '',
        deposit: v.deposit ?? 0,
      });
      notify.success(t('readers.cardDesk.issued'));
      onDone(r);
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!reader}
      title={t('readers.cardDesk.issueTitle', { name: reader?.name ?? '' })}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onDone(null)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ validUntil: defaultValidUntil(), cardRfid: reader?.cardRfid ?? '', deposit: 0 }}
      >
        <Form.Item
          name="validUntil"
          label={t('readers.reader.validUntil')}
          rules={[{ required: true, message: t('readers.cardDesk.validRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="cardRfid" label={t('readers.cardDesk.rfid')} extra={t('readers.cardDesk.rfidHelp')}>
          <Input maxLength={64} allowClear />
        </Form.Item>
        <Form.Item name="deposit" label={t('readers.cardDesk.depositCollected')}>
          <InputNumber
            min={0}
            max={100000}
            precision={2}
            addonAfter={t('readers.cardDesk.yuan')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RefundModal({ reader, onDone }: { reader: ReaderDto | null; onDone: (r: ReaderDto | null) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const submit = async () => {
    if (!reader) return;
    const v = await form.validateFields();
    try {
      const r = await api.post<ReaderDto>(`${P}/Readers/RefundDeposit`, { id: reader.id, amount: v.amount });
      notify.success(t('readers.cardDesk.refunded'));
      onDone(r);
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  return (
    <Modal
      open={!!reader}
      title={t('readers.cardDesk.refundTitle', { name: reader?.name ?? '' })}
      onOk={submit}
      onCancel={() => onDone(null)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ amount: reader?.deposit }}>
        <Form.Item
          name="amount"
          label={t('readers.cardDesk.refundAmount')}
          rules={[{ required: true, message: t('readers.cardDesk.amountRequired') }]}
        >
          <InputNumber min={0.01} max={reader?.deposit} precision={2} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Screen /resource-mana/resource/user-transfer (读者办证): scan a card or type a barcode/name, see the card,
 * issue or renew it (valid-until, RFID, deposit), report it lost, re-issue it, pay a deposit back, print it.
 */
export default function CardDeskPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const canIssue = usePermission(`${CARDS}:issue`);
  const canEdit = usePermission(`${CARDS}:edit`);
  // Operations hold `<code>:<verb>` entries only: the desk's own print operation opens the card printing screen.
  const canPrint = usePermission(`${CARDS}:print`);
  const [key, setKey] = useState('');
  const [found, setFound] = useState<ReaderDto[] | null>(null);
  const [reader, setReader] = useState<ReaderDto | null>(null);
  const photo = useFileSrc(reader?.photoUrl);
  const [issuing, setIssuing] = useState<ReaderDto | null>(null);
  const [refunding, setRefunding] = useState<ReaderDto | null>(null);
  const input = useRef<any>(null);

  const search = async (value: string) => {
    const k = value.trim();
    if (!k) return;
    const r = await api.post<{ List: ReaderDto[] }>(`${P}/Readers/FindCardReaders`, { key: k });
    setFound(r.List);
    setReader(r.List.length === 1 ? r.List[0] : null);
    setKey('');
    input.current?.focus();
  };
  const replace = (r: ReaderDto | null) => {
    if (!r) return;
    setReader(r);
    setFound((list) => list?.map((x) => (x.id === r.id ? r : x)) ?? [r]);
  };
  const call = (url: string, confirmKey: string, doneKey: string) => () =>
    reader &&
    modal.confirm({
      title: t(confirmKey, { name: reader.name }),
      onOk: async () => {
        replace(await api.post<ReaderDto>(`${P}/Readers/${url}`, { id: reader.id }));
        notify.success(t(doneKey));
      },
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Input.Search
          ref={input}
          autoFocus
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onSearch={search}
          enterButton={t('readers.cardDesk.find')}
          placeholder={t('readers.cardDesk.placeholder')}
          data-testid="card-desk-key"
          style={{ maxWidth: 520 }}
          allowClear
        />
      </Card>
      {!found && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('readers.cardDesk.hint')} />}
      {found && found.length === 0 && <Empty description={t('readers.cardDesk.none')} />}
      {found && found.length > 1 && !reader && (
        <Card size="small" title={t('readers.cardDesk.pick')}>
          <List
            dataSource={found}
            renderItem={(r) => (
              <List.Item
                actions={[
                  <a key="pick" onClick={() => setReader(r)}>
                    {t('readers.cardDesk.choose')}
                  </a>,
                ]}
              >
                <List.Item.Meta
                  title={`${r.name} (${r.account})`}
                  description={[r.gradeName, r.className].filter(Boolean).join(' ')}
                />
                {cardState(r, t)}
              </List.Item>
            )}
          />
        </Card>
      )}
      {reader && (
        <Card
          size="small"
          title={
            <Space>
              <Avatar src={photo} size={40}>
                {reader.name.slice(0, 1)}
              </Avatar>
              <span>
                {reader.name} ({reader.account})
              </span>
              {cardState(reader, t)}
            </Space>
          }
          extra={
            <Space wrap>
              {canIssue && (
                <Button type="primary" onClick={() => setIssuing(reader)}>
                  {t(reader.processedAt ? 'readers.cardDesk.renew' : 'readers.cardDesk.issue')}
                </Button>
              )}
              {canEdit && !reader.cardLost && reader.processedAt && (
                <Button
                  danger
                  onClick={call('ReportCardLost', 'readers.card.reportLostConfirm', 'readers.card.reportLostDone')}
                >
                  {t('readers.card.reportLost')}
                </Button>
              )}
              {canIssue && reader.cardLost && (
                <Button onClick={call('ReissueCard', 'readers.card.reissueConfirm', 'readers.card.reissueDone')}>
                  {t('readers.card.reissue')}
                </Button>
              )}
              {canEdit && reader.deposit > 0 && (
                <Button onClick={() => setRefunding(reader)}>{t('readers.cardDesk.refund')}</Button>
              )}
              {canPrint && (
                <Button onClick={() => navigate(`/userprint?key=${encodeURIComponent(reader.account)}`)}>
                  {t('readers.cardDesk.print')}
                </Button>
              )}
            </Space>
          }
        >
          {reader.cardLost && (
            <Alert type="error" showIcon message={t('readers.cardDesk.lostHelp')} style={{ marginBottom: 12 }} />
          )}
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
            <Descriptions.Item label={t('readers.reader.identity')}>
              {t(`readers.identity.${reader.identity}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.class')}>
              {[reader.gradeName, reader.className].filter(Boolean).join(' ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.phone')}>
              {maskPhone(reader.phone ?? '') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('readers.cardDesk.processedAt')}>
              {reader.processedAt ? dayjs(reader.processedAt).format('YYYY-MM-DD HH:mm') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.validUntil')}>{reader.validUntil ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.cardRfid')}>{reader.cardRfid || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.deposit')}>{reader.deposit.toFixed(2)}</Descriptions.Item>
            <Descriptions.Item label={t('readers.reader.group')}>{reader.permissionGroupName ?? '—'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <IssueModal
        reader={issuing}
        onDone={(r) => {
          setIssuing(null);
          replace(r);
        }}
      />
      <RefundModal
        reader={refunding}
        onDone={(r) => {
          setRefunding(null);
          replace(r);
        }}
      />
    </Space>
  );
}
