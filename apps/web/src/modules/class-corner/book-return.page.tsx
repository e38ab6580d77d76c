import type { ClassCornerDto, CornerItemResult } from '@shuyuan/contracts/class-corner/corner';
import { Button, Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { CORNER_URLS, splitBarcodes } from './corner-api.ts';
import { CornerScope } from './corner-picker.tsx';
import { ItemResults } from './item-results.tsx';

function ReturnDesk({ corner, onReturned }: { corner: ClassCornerDto; onReturned: () => void }) {
  const { t } = useTranslation();
  const [scan, setScan] = useState('');
  const [pile, setPile] = useState('');
  const [results, setResults] = useState<CornerItemResult[]>([]);
  const send = async (barcodes: string[]) => {
    if (!barcodes.length) return;
    const r = await api.post<CornerItemResult[]>(CORNER_URLS.return, { cornerId: corner.id, barcodes });
    setResults((prev) => [...r, ...prev]);
    onReturned();
  };
  return (
    <>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Card size="small" title={t('classCorner.return.scanTitle')}>
          <Input
            autoFocus
            value={scan}
            placeholder={t('classCorner.return.scanHint')}
            onChange={(e) => setScan(e.target.value)}
            onPressEnter={() => {
              const b = scan.trim();
              setScan('');
              send([b]).catch(() => {});
            }}
            style={{ maxWidth: 360 }}
          />
        </Card>
        <Card size="small" title={t('classCorner.return.listTitle')}>
          <Input.TextArea
            rows={4}
            value={pile}
            onChange={(e) => setPile(e.target.value)}
            placeholder={t('classCorner.lend.pileHint')}
          />
          <Button
            style={{ marginTop: 8 }}
            type="primary"
            disabled={!splitBarcodes(pile).length}
            onClick={() =>
              send(splitBarcodes(pile)).then(
                () => setPile(''),
                () => {},
              )
            }
          >
            {t('classCorner.return.returnAll', { count: splitBarcodes(pile).length })}
          </Button>
        </Card>
      </Space>
      {results.length > 0 && <ItemResults results={results} />}
    </>
  );
}

/** /class-bookreturn: the class librarian takes the corner's books back (scan one by one, or a list). */
export default function ClassReturnPage() {
  return <CornerScope>{(corner, refresh) => <ReturnDesk corner={corner} onReturned={refresh} />}</CornerScope>;
}
