import type { PickedReader, PickedRecord } from '@shuyuan/contracts/circ-records/records';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/http.ts';
import { URLS } from './shared.ts';

interface Option {
  value: number;
  label: string;
}

/**
 * A search-as-you-type picker of the history screens: part of a title (or a copy barcode) for
 * /books-borrow-history, part of a name or account for /readers-borrow-history.
 */
function PickSelect({
  url,
  toLabel,
  value,
  onChange,
  placeholder,
  testId,
}: {
  url: string;
  toLabel: (row: any) => string;
  value: number | null;
  onChange: (v: number | null, label: string) => void;
  placeholder: string;
  testId: string;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (key: string) => {
    clearTimeout(timer.current);
    if (!key.trim()) return;
    timer.current = setTimeout(() => {
      api.post<{ id: number }[]>(url, { key }).then(
        (rows) => setOptions(rows.map((r) => ({ value: r.id, label: toLabel(r) }))),
        () => {},
      );
    }, 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null, options.find((o) => o.value === v)?.label ?? '')}
      placeholder={placeholder}
      style={{ width: 360 }}
      data-testid={testId}
    />
  );
}

export function RecordPicker(p: { value: number | null; onChange: (v: number | null) => void; placeholder: string }) {
  return (
    <PickSelect
      url={URLS.pickRecords}
      testId="pick-record"
      toLabel={(r: PickedRecord) => `${r.title}${r.author ? ` / ${r.author}` : ''} (${r.copies})`}
      {...p}
    />
  );
}

export function ReaderPicker(p: { value: number | null; onChange: (v: number | null) => void; placeholder: string }) {
  return (
    <PickSelect
      url={URLS.pickReaders}
      testId="pick-reader"
      toLabel={(r: PickedReader) => `${r.name} (${r.account})${r.className ? ` · ${r.className}` : ''}`}
      {...p}
    />
  );
}
