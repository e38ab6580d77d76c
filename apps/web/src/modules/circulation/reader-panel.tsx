import { UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFileSrc } from '../../app/files.ts';
import type { BorrowLimit, DeskReader, FinesOwed, LoanRow, ShelfHold } from './desk-api.ts';
import { ReaderFines } from './reader-fines.tsx';

/** Overdue days as a red tag (or a dash when on time). */
export function OverdueTag({ days }: { days: number | undefined }) {
  const { t } = useTranslation();
  if (!days) return <Typography.Text type="secondary">-</Typography.Text>;
  return <Tag color="red">{t('circulation.common.overdueDays', { count: days })}</Tag>;
}

/** Why this reader may not borrow at all, as tags (disabled, expired, card lost, overdue loans). */
function ReaderStateTags({ r }: { r: DeskReader }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {r.state !== 1 && <Tag color="red">{t('circulation.reader.disabled')}</Tag>}
      {r.expired && <Tag color="red">{t('circulation.reader.expired')}</Tag>}
      {r.cardLost && <Tag color="red">{t('circulation.reader.cardLost')}</Tag>}
      {r.overdueLoans > 0 && (
        <Tag color="orange">{t('circulation.reader.overdueLoans', { count: r.overdueLoans })}</Tag>
      )}
      {r.state === 1 && !r.expired && !r.cardLost && <Tag color="green">{t('circulation.reader.ok')}</Tag>}
    </Space>
  );
}

/**
 * Who is at the desk: photo, name, class, card state, borrowing limits and the loans they hold, overdue ones
 * highlighted.
 */
export function ReaderPanel({
  reader,
  limit,
  loans,
  holds = [],
  fines,
}: {
  reader: DeskReader;
  limit: BorrowLimit | null;
  loans: LoanRow[];
  /** Copies waiting on the hold shelf for this reader. */
  holds?: ShelfHold[];
  /** The fines the card scan said the reader owes: their list is asked for only when there are some. */
  fines?: FinesOwed;
}) {
  const { t, i18n } = useTranslation();
  const photo = useFileSrc(reader.photoUrl);
  return (
    <Card size="small" data-testid="reader-panel">
      <Space align="start" size="large" style={{ width: '100%' }}>
        <Avatar shape="square" size={96} src={photo} icon={<UserOutlined />} />
        <Descriptions size="small" column={3} style={{ flex: 1 }}>
          <Descriptions.Item label={t('circulation.reader.name')}>
            <Typography.Text strong data-testid="reader-name">
              {reader.name}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('circulation.reader.account')}>{reader.account}</Descriptions.Item>
          <Descriptions.Item label={t('circulation.reader.identity')}>
            {t(`readers.identity.${reader.identity}`, { defaultValue: reader.identity })}
          </Descriptions.Item>
          <Descriptions.Item label={t('circulation.reader.class')}>{reader.className ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('circulation.reader.validUntil')}>{reader.validUntil ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('circulation.reader.state')}>
            <ReaderStateTags r={reader} />
          </Descriptions.Item>
          {limit && (
            <>
              <Descriptions.Item label={t('circulation.reader.borrowed')}>
                <Typography.Text strong data-testid="reader-borrowed">
                  {t('circulation.reader.borrowedOf', { open: limit.open, max: limit.rule.maxLoans })}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('circulation.reader.remaining')}>
                <Typography.Text type={limit.remaining ? undefined : 'danger'}>{limit.remaining}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('circulation.reader.rule')}>
                {t('circulation.reader.ruleText', {
                  days: limit.rule.loanDays,
                  renewals: limit.rule.maxRenewals,
                  renewDays: limit.rule.renewDays,
                })}
              </Descriptions.Item>
              {limit.byType.length > 0 && (
                <Descriptions.Item label={t('circulation.reader.byType')} span={3}>
                  <Space size={4} wrap data-testid="reader-type-limits">
                    {limit.byType.map((x) => (
                      <Tag key={x.resourceTypeId} color={x.remaining ? 'blue' : 'red'}>
                        {t('circulation.reader.typeLimit', {
                          type: i18n.language.startsWith('en') && x.enName ? x.enName : x.name,
                          open: x.open,
                          max: x.rule.maxLoans,
                          days: x.rule.loanDays,
                        })}
                      </Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
              )}
            </>
          )}
        </Descriptions>
      </Space>
      {holds.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          data-testid="reader-holds"
          message={t('circulation.reader.holds', { count: holds.length })}
          description={
            <Space direction="vertical" size={0}>
              {holds.map((h) => (
                <Typography.Text key={h.reservationId} data-testid="reader-hold">
                  <Typography.Text code>{h.barcode}</Typography.Text> {h.title}
                  {h.callNo && <Typography.Text type="secondary"> · {h.callNo}</Typography.Text>}
                  {h.holdUntil && (
                    <Typography.Text type="secondary">
                      {' '}
                      · {t('circulation.reader.holdUntil', { date: h.holdUntil })}
                    </Typography.Text>
                  )}
                </Typography.Text>
              ))}
            </Space>
          }
        />
      )}
      <ReaderFines readerBarcode={reader.account} owed={fines} />
      <Table<LoanRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="loanId"
        pagination={false}
        dataSource={loans}
        locale={{ emptyText: t('circulation.reader.noLoans') }}
        onRow={(row) => ({ style: row.overdueDays > 0 ? { background: '#fff1f0' } : undefined })}
        columns={[
          { title: t('circulation.col.barcode'), dataIndex: 'barcode', width: 140 },
          { title: t('circulation.col.title'), dataIndex: 'title', ellipsis: true },
          {
            title: t('circulation.col.borrowedAt'),
            dataIndex: 'borrowedAt',
            width: 110,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
          },
          { title: t('circulation.col.dueDate'), dataIndex: 'dueDate', width: 110 },
          {
            title: t('circulation.col.overdue'),
            dataIndex: 'overdueDays',
            width: 110,
            render: (v: number) => <OverdueTag days={v} />,
          },
          { title: t('circulation.col.renewals'), dataIndex: 'renewals', width: 100 },
        ]}
      />
    </Card>
  );
}
