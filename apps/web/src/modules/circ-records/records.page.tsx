import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanActions } from './convert-actions.tsx';
import { LoanList } from './loan-list.tsx';
import { URLS } from './shared.ts';

/** /br-records: every loan with filters, export, details and conversions. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  return (
    <LoanList
      url={URLS.records}
      filters={['reader', 'grade', 'class', 'barcode', 'title', 'dates', 'state']}
      exportUrl={URLS.exportRecords}
      exportPermission="br-records:export"
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
  );
}
