import type { LoanRecordDto } from '@shuyuan/contracts/circ-records/records';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../app/http.ts';
import { LoanActions } from './convert-actions.tsx';
import { LoanList, StateTag } from './loan-list.tsx';
import { URLS } from './shared.ts';

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * /search-records: search the circulation records (reader, barcode, title, borrowed between, state) with
 * paging and export (P/downloadV2/circrecord, as /br-records); "details" (or `?id=` from another list) shows
 * one loan in full — copy, reader, dates, operators, conversion, overdue review.
 */
export default function LoanSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(new URLSearchParams(useLocation().search).get('id')) || 0;
  const [version, setVersion] = useState(0);
  if (id) return <LoanDetail id={id} onBack={() => navigate('/search-records')} />;
  return (
    <Card size="small">
      <LoanList
        url={URLS.records}
        filters={['reader', 'barcode', 'title', 'dates', 'state']}
        exportUrl={URLS.exportRecords}
        exportPermission="search-records:export"
        version={version}
        extraColumns={[
          {
            title: t('circRecords.col.actions'),
            key: 'actions',
            width: 150,
            fixed: 'right',
            render: (_, r) => <LoanActions row={r} onDone={() => setVersion((v) => v + 1)} />,
          },
        ]}
      />
    </Card>
  );
}

/** One loan in full, with its conversions. */
function LoanDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const [row, setRow] = useState<LoanRecordDto | null>(null);
  const [missing, setMissing] = useState(false);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after a conversion
  useEffect(() => {
    setRow(null);
    setMissing(false);
    api.post<LoanRecordDto>(URLS.detail, { id }).then(setRow, () => setMissing(true));
  }, [id, version]);
  return (
    <Card
      size="small"
      loading={!row && !missing}
      title={t('circRecords.detail.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('circRecords.detail.back')}
        </Button>
      }
    >
      {!row ? (
        <Empty description={t('circRecords.detail.hint')} />
      ) : (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('circRecords.col.title')} span={2}>
              {row.title} {row.author && `/ ${row.author}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.barcode')}>{row.barcode}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.callNo')}>{row.callNo || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.reader')}>
              {row.readerName} ({row.account}) · {t(`circRules.identity.${row.identity}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.class')}>
              {[row.gradeName, row.className].filter(Boolean).join(' ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.borrowedAt')}>{fmt(row.borrowedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.dueDate')}>{row.dueDate}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.returnedAt')}>{fmt(row.returnedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.renewals')}>{row.renewals}</Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.operator')}>
              {row.operatorName ?? t(`circRecords.via.${row.via}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.returnOperator')}>
              {row.returnOperatorName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('circRecords.col.state')} span={2}>
              <StateTag row={row} />
            </Descriptions.Item>
            {row.review && (
              <Descriptions.Item label={t('circRecords.review.state')} span={2}>
                {t(`circRecords.review.states.${row.review.state}`)} · {fmt(row.review.at)} ·{' '}
                {row.review.operatorName ?? '—'} · {row.review.reason || '—'}
              </Descriptions.Item>
            )}
            {row.conversion && (
              <Descriptions.Item label={t('circRecords.convert.reason')} span={2}>
                {t(`circRecords.convert.kind.${row.conversion.kind}`)} · {fmt(row.conversion.at)} ·{' '}
                {row.conversion.reason || '—'}
              </Descriptions.Item>
            )}
          </Descriptions>
          <div style={{ marginTop: 12 }}>
            <LoanActions row={row} detail={false} onDone={() => setVersion((v) => v + 1)} />
          </div>
        </>
      )}
    </Card>
  );
}
