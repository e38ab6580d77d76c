import { P } from '@shuyuan/contracts/common/paths';
import type { OpacSearchResult } from '@shuyuan/contracts/opac/search';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

/** Search-as-you-type for a record by title (the catalogue as the public site shows it); the value is its id. */
export function RecordPicker({
  value,
  onChange,
  row,
}: {
  value?: number;
  onChange?: (v: number) => void;
  row?: { title?: string };
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    value && row?.title ? [{ value, label: row.title }] : [],
  );
  const [key, setKey] = useState('');
  useEffect(() => {
    if (!key.trim()) return;
    const timer = setTimeout(() => {
      api
        .post<OpacSearchResult>(
          `${P}/Search/Catalogue`,
          { SearchKey: key, field: 'title', Rows: 20 },
          { showError: false },
        )
        .then((r) => setOptions(r.List.map((h) => ({ value: h.id, label: `${h.title} / ${h.author}` }))))
        .catch(() => {});
    }, 250);
    return () => clearTimeout(timer);
  }, [key]);
  return (
    <Select
      showSearch
      filterOption={false}
      value={value}
      onSearch={setKey}
      onChange={onChange}
      options={options}
      placeholder={t('reviews.recommend.pickRecord')}
      data-testid="record-picker"
    />
  );
}
