import type { BatchAnswer } from '@shuyuan/contracts/circulation/desk';
import { Alert, Button, Card, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { BatchResults } from './batch-results.tsx';
import { deskApi } from './desk-api.ts';
import { emptySource, ListSource, type ListSourceValue, textLines } from './list-source.tsx';

type Mode = 'reader' | 'class';

/** "reader<TAB|,|;|space>copy" → a pair; a line with one value keeps it as the reader (the server says what is missing). */
function pairs(text: string) {
  return textLines(text).map((l) => {
    const [readerBarcode = '', barcode = ''] = l.split(/[\t,;\s]+/);
    return { readerBarcode, barcode };
  });
}

/**
 * Screen /batchborrow — lend many copies at once: to one reader (a list of copies), or a class list (reader
 * and copy on each line). Typed/pasted lines or a file. Every line is lent or refused on its own, with the
 * reason, exactly as at the desk; the results can be exported.
 */
export default function BatchBorrowPage() {
  const { t } = useTranslation();
  const canBorrow = usePermission('batchborrow:borrow');
  const [mode, setMode] = useState<Mode>('reader');
  const [readerBarcode, setReaderBarcode] = useState('');
  const [source, setSource] = useState<ListSourceValue>(emptySource);
  const [answer, setAnswer] = useState<BatchAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const ready = source.file || textLines(source.text).some(Boolean);
  const submit = async () => {
    setBusy(true);
    try {
      let body: object;
      const reader = mode === 'reader' ? readerBarcode.trim() : undefined;
      if (source.file) body = { fileUrl: (await deskApi.upload(source.file)).url, readerBarcode: reader };
      else if (mode === 'reader') body = { readerBarcode: reader, barcodes: textLines(source.text) };
      else body = { items: pairs(source.text) };
      setAnswer(await deskApi.batchBorrow(body));
    } catch {
      // The message was shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="vertical">
          <Form.Item label={t('circulation.batch.mode')}>
            <Radio.Group
              value={mode}
              onChange={(e) => setMode(e.target.value)}
              options={[
                { value: 'reader', label: t('circulation.batch.oneReader') },
                { value: 'class', label: t('circulation.batch.classList') },
              ]}
            />
          </Form.Item>
          {mode === 'reader' && (
            <Form.Item label={t('circulation.col.readerBarcode')} required>
              <Input
                value={readerBarcode}
                onChange={(e) => setReaderBarcode(e.target.value)}
                placeholder={t('circulation.borrow.scanReader')}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          )}
          <Form.Item label={mode === 'reader' ? t('circulation.batch.copies') : t('circulation.batch.pairs')}>
            <ListSource
              value={source}
              onChange={setSource}
              placeholder={mode === 'reader' ? t('circulation.batch.copiesHint') : t('circulation.batch.pairsHint')}
              hint={mode === 'reader' ? t('circulation.batch.fileOneColumn') : t('circulation.batch.fileTwoColumns')}
            />
          </Form.Item>
          {!canBorrow && <Alert type="warning" showIcon message={t('circulation.common.noPermission')} />}
          <Button
            type="primary"
            loading={busy}
            disabled={!canBorrow || !ready || (mode === 'reader' && !readerBarcode.trim())}
            onClick={submit}
          >
            {t('circulation.batch.lend')}
          </Button>
        </Form>
      </Card>
      {answer && <BatchResults key={`${answer.total}-${answer.succeeded}`} answer={answer} kind="borrow" />}
    </Space>
  );
}
