import type { BatchAnswer } from '@shuyuan/contracts/circulation/desk';
import { Alert, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { BatchResults } from './batch-results.tsx';
import { deskApi } from './desk-api.ts';
import { emptySource, ListSource, type ListSourceValue, textLines } from './list-source.tsx';

/**
 * Screen /batchreturn — take many copies back at once from a pasted list or a file (first column). Each copy
 * is returned on its own: good ones come back, bad barcodes are listed with the reason; overdue days and
 * hold-shelf copies are shown; the results can be exported.
 */
export default function BatchReturnPage() {
  const { t } = useTranslation();
  const canReturn = usePermission('batchreturn:return');
  const [source, setSource] = useState<ListSourceValue>(emptySource);
  const [answer, setAnswer] = useState<BatchAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = source.file || textLines(source.text).some(Boolean);

  const submit = async () => {
    setBusy(true);
    try {
      const body = source.file
        ? { fileUrl: (await deskApi.upload(source.file)).url }
        : { barcodes: textLines(source.text) };
      setAnswer(await deskApi.batchReturn(body));
    } catch {
      // The message was shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space direction="vertical" style={{ width: '100%' }}>
          <ListSource
            value={source}
            onChange={setSource}
            placeholder={t('circulation.batch.copiesHint')}
            hint={t('circulation.batch.fileOneColumn')}
          />
          {!canReturn && <Alert type="warning" showIcon message={t('circulation.common.noPermission')} />}
          <Button type="primary" loading={busy} disabled={!canReturn || !ready} onClick={submit}>
            {t('circulation.batch.return')}
          </Button>
        </Space>
      </Card>
      {answer && <BatchResults key={`${answer.total}-${answer.succeeded}`} answer={answer} kind="return" />}
    </Space>
  );
}
