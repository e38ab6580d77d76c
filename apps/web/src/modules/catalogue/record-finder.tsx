import { P } from '@shuyuan/contracts/common/paths';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/**
 * Opens a record by scanning one of its copies' barcode (GetCollectionToCatalogue) or by ISBN
 * (RecordsByIsbn: the first record with it). Calls `onFound(recordId)`.
 */
export function RecordFinder({ onFound }: { onFound: (id: number) => void }) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const find = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setBusy(true);
    try {
      const byIsbn = /^[\d-]{10,17}[\dXx]?$/.test(code)
        ? await api.post<{ id: number }[]>(`${P}/Catalogue/RecordsByIsbn`, { isbn: code }, { showError: false })
        : [];
      if (byIsbn.length) return onFound(byIsbn[0].id);
      const rec = await api.post<{ id: number }>(
        `${P}/Literature/GetCollectionToCatalogue`,
        { barcode: code },
        { showError: false },
      );
      onFound(rec.id);
      setKey('');
    } catch (err) {
      if (err instanceof ApiError) notify.error(t('catalogue.finder.notFound', { code }));
      else throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Search
      className="sy-record-finder"
      style={{ width: 360 }}
      allowClear
      placeholder={t('catalogue.finder.placeholder')}
      enterButton={t('catalogue.finder.open')}
      loading={busy}
      value={key}
      onChange={(e) => setKey(e.target.value)}
      onSearch={(v) => void find(v)}
    />
  );
}
