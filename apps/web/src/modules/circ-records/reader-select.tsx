import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/http.ts';
import { URLS } from './shared.ts';

interface ReaderOption {
  value: number;
  label: string;
}

/** A reader picker searching P/Readers/GetReaderList (account, name, phone), optionally within one identity. */
export function ReaderSelect({
  identity,
  value,
  onChange,
  initial,
  placeholder,
}: {
  identity?: 'student' | 'parent' | 'teacher';
  value?: number | null;
  onChange?: (v: number | null) => void;
  initial?: ReaderOption;
  placeholder?: string;
}) {
  const [options, setOptions] = useState<ReaderOption[]>(initial ? [initial] : []);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (key: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      api
        .post<{ List: { id: number; account: string; name: string }[] }>(URLS.readers, {
          Page: 1,
          Rows: 20,
          SearchKey: key,
          identity,
        })
        .then(
          (d) => setOptions(d.List.map((r) => ({ value: r.id, label: `${r.name} (${r.account})` }))),
          () => {},
        );
    }, 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Select
      showSearch
      filterOption={false}
      onSearch={search}
      onFocus={() => options.length <= 1 && search('')}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      placeholder={placeholder}
      style={{ minWidth: 220 }}
    />
  );
}
