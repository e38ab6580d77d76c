import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanList } from './loan-list.tsx';
import { URLS } from './shared.ts';

/** /books-borrow-history: every loan of one copy (scan its barcode). */
export function ItemHistoryPage() {
  const { t } = useTranslation();
  const [barcode, setBarcode] = useState('');
  return (
    <Card size="small">
      <Input.Search
        autoFocus
        enterButton={t('circRecords.filter.search')}
        placeholder={t('circRecords.history.barcodeHint')}
        style={{ maxWidth: 420, marginBottom: 12 }}
        onSearch={(v) => setBarcode(v.trim())}
      />
      <LoanList
        url={URLS.itemHistory}
        ready={!!barcode}
        fixed={{ barcode }}
        filters={[]}
        hide={['item']}
        notReadyHint={t('circRecords.history.barcodeHint')}
      />
    </Card>
  );
}

/** /readers-borrow-history: every loan of one reader (scan the card / enter the barcode). */
export function ReaderHistoryPage() {
  const { t } = useTranslation();
  const [readerBarcode, setReader] = useState('');
  return (
    <Card size="small">
      <Input.Search
        autoFocus
        enterButton={t('circRecords.filter.search')}
        placeholder={t('circRecords.history.readerHint')}
        style={{ maxWidth: 420, marginBottom: 12 }}
        onSearch={(v) => setReader(v.trim())}
      />
      <LoanList
        url={URLS.readerHistory}
        ready={!!readerBarcode}
        fixed={{ readerBarcode }}
        filters={['state']}
        hide={['reader', 'class']}
        notReadyHint={t('circRecords.history.readerHint')}
      />
    </Card>
  );
}
