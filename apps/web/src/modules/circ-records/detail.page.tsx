import type { LoanRecordDto } from '@shuyuan/contracts/circ-records/records';
import { Button, Card, Descriptions, Empty, Input, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../app/http.ts';
import { LoanActions } from './convert-actions.tsx';
import { StateTag } from './loan-list.tsx';
import { URLS } from './shared.ts';

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** /search-records (hidden): one loan record in full — copy, reader, dates, operators, conversion. */
export default function LoanDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(new URLSearchParams(useLocation().search).get('id')) || 0;
  const [loanId, setLoanId] = useState(id ? String(id) : '');
  const [row, setRow] = useState<LoanRecordDto | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after a conversion
  useEffect(() => {
    setRow(null);
    if (id) api.post<LoanRecordDto>(URLS.detail, { id }).then(setRow, () => {});
  }, [id, version]);
  return (
    <Card
      size="small"
      title={t('circRecords.detail.title')}
      extra={
        <Space.Compact>
          <Input
            value={loanId}
            onChange={(e) => setLoanId(e.target.value.replace(/\D/g, ''))}
            placeholder={t('circRecords.detail.loanId')}
            onPressEnter={() => loanId && navigate(`/search-records?id=${loanId}`)}
          />
          <Button type="primary" onClick={() => loanId && navigate(`/search-records?id=${loanId}`)}>
            {t('circRecords.filter.search')}
          </Button>
        </Space.Compact>
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
