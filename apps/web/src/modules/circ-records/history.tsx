import { Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanList } from './loan-list.tsx';
import { ReaderPicker, RecordPicker } from './pick-select.tsx';
import { URLS } from './shared.ts';

/**
 * /books-borrow-history: every loan of one copy (scan its barcode) or of every copy of a title (pick it by
 * part of its title); export of the list.
 */
export function ItemHistoryPage() {
  const { t } = useTranslation();
  const [barcode, setBarcode] = useState('');
  const [recordId, setRecordId] = useState<number | null>(null);
  const fixed = recordId ? { recordId } : { barcode };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          autoFocus
          allowClear
          enterButton={t('circRecords.filter.search')}
          placeholder={t('circRecords.history.barcodeHint')}
          style={{ width: 360 }}
          data-testid="history-barcode"
          onSearch={(v) => {
            setRecordId(null);
            setBarcode(v.trim());
          }}
        />
        <Typography.Text type="secondary">{t('circRecords.history.or')}</Typography.Text>
        <RecordPicker
          value={recordId}
          onChange={(v) => {
            setRecordId(v);
            if (v) setBarcode('');
          }}
          placeholder={t('circRecords.history.titleHint')}
        />
      </Space>
      <LoanList
        url={URLS.itemHistory}
        ready={!!barcode || !!recordId}
        fixed={fixed}
        filters={[]}
        hide={recordId ? [] : ['item']}
        exportUrl={URLS.exportItemHistory}
        exportPermission="books-borrow-history:export"
        notReadyHint={t('circRecords.history.itemHint')}
      />
    </Card>
  );
}

/**
 * /readers-borrow-history: every loan of one reader — scan the card / enter the barcode, or pick the reader
 * by part of the name; state filter and export.
 */
export function ReaderHistoryPage() {
  const { t } = useTranslation();
  const [readerBarcode, setReader] = useState('');
  const [readerId, setReaderId] = useState<number | null>(null);
  const fixed = readerId ? { readerId } : { readerBarcode };
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          autoFocus
          allowClear
          enterButton={t('circRecords.filter.search')}
          placeholder={t('circRecords.history.readerHint')}
          style={{ width: 360 }}
          data-testid="history-reader"
          onSearch={(v) => {
            setReaderId(null);
            setReader(v.trim());
          }}
        />
        <Typography.Text type="secondary">{t('circRecords.history.or')}</Typography.Text>
        <ReaderPicker
          value={readerId}
          onChange={(v) => {
            setReaderId(v);
            if (v) setReader('');
          }}
          placeholder={t('circRecords.history.nameHint')}
        />
      </Space>
      <LoanList
        url={URLS.readerHistory}
        ready={!!readerBarcode || !!readerId}
        fixed={fixed}
        filters={['state']}
        hide={['reader', 'class']}
        exportUrl={URLS.exportReaderHistory}
        exportPermission="readers-borrow-history:export"
        notReadyHint={t('circRecords.history.readerPickHint')}
      />
    </Card>
  );
}
