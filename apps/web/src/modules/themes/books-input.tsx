import { P } from '@shuyuan/contracts/common/paths';
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

interface Book {
  id: number;
  title: string;
  author: string;
}

const label = (b: Book) => `${b.title}${b.author ? ` / ${b.author}` : ''}`;

/** The theme's book list: catalogue records found by part of the title, author or ISBN, in the order chosen. */
export function BooksInput({
  value,
  onChange,
  initial,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  initial?: Book[];
}) {
  const { t } = useTranslation();
  const [known, setKnown] = useState<Map<number, Book>>(() => new Map((initial ?? []).map((b) => [b.id, b])));
  const [found, setFound] = useState<Book[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (key: string) => {
    clearTimeout(timer.current);
    if (!key.trim()) return;
    timer.current = setTimeout(() => {
      api.post<Book[]>(`${P}/Themes/PickRecords`, { key }).then(setFound, () => {});
    }, 250);
  };
  const ids = value ?? [];
  const options = [...ids.map((id) => known.get(id)).filter((b) => !!b), ...found.filter((b) => !ids.includes(b.id))];
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={search}
      placeholder={t('themes.book.search')}
      aria-label={t('themes.field.books')}
      data-testid="theme-books"
      value={ids}
      options={options.map((b) => ({ value: b.id, label: label(b) }))}
      onChange={(v: number[]) => {
        setKnown((m) => {
          const next = new Map(m);
          for (const b of found) next.set(b.id, b);
          return next;
        });
        onChange?.(v);
      }}
    />
  );
}
