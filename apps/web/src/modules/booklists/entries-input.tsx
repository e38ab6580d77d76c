import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { EntryDto } from '@shuyuan/contracts/booklists/booklist';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

/** An entry on the form: what is sent, plus what the list showed of it (held, copies). */
export type FormEntry = Partial<EntryDto> & { recordId: number | null; title: string };

interface Book {
  id: number;
  title: string;
  author: string;
}

const TEXT = ['title', 'author', 'isbn', 'readingLevel', 'note'] as const;

/** The list's entries in order: records picked from the catalogue, titles typed in; moved up/down, removed. */
export function EntriesInput({ value, onChange }: { value?: FormEntry[]; onChange?: (v: FormEntry[]) => void }) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const [found, setFound] = useState<Book[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const search = (key: string) => {
    clearTimeout(timer.current);
    if (!key.trim()) return;
    timer.current = setTimeout(() => {
      api.post<Book[]>(`${P}/BookLists/PickRecords`, { key }).then(setFound, () => {});
    }, 250);
  };
  const set = (next: FormEntry[]) => onChange?.(next);
  const patch = (i: number, p: Partial<FormEntry>) => set(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const move = (i: number, d: number) => {
    const next = [...rows];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    set(next);
  };
  const cell = (f: (typeof TEXT)[number]) => ({
    title: t(`booklists.col.${f}`),
    dataIndex: f,
    render: (v: string, r: FormEntry, i: number) =>
      r.recordId && f !== 'note' && f !== 'readingLevel' ? (
        v
      ) : (
        <Input
          size="small"
          value={v}
          aria-label={`${t(`booklists.col.${f}`)} ${i + 1}`}
          onChange={(e) => patch(i, { [f]: e.target.value })}
        />
      ),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          showSearch
          filterOption={false}
          onSearch={search}
          value={null}
          style={{ minWidth: 320 }}
          placeholder={t('booklists.pickRecord')}
          aria-label={t('booklists.pickRecord')}
          data-testid="booklist-pick"
          options={found.map((b) => ({ value: b.id, label: `${b.title}${b.author ? ` / ${b.author}` : ''}` }))}
          onChange={(id: number) => {
            const b = found.find((x) => x.id === id);
            if (b) set([...rows, { recordId: b.id, title: b.title, author: b.author, held: true }]);
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => set([...rows, { recordId: null, title: '' }])}>
          {t('booklists.addTitle')}
        </Button>
      </Space>
      <Table<FormEntry>
        size="small"
        rowKey={(_r, i) => String(i)}
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        columns={[
          { title: '#', width: 44, render: (_v, _r, i) => i + 1 },
          ...TEXT.map(cell),
          {
            title: t('booklists.col.held'),
            width: 170,
            render: (_v, r) =>
              r.recordId ? (
                <Tag color="green">
                  {t('booklists.copiesOf', { copies: r.copies ?? '—', available: r.available ?? '—' })}
                </Tag>
              ) : (
                <Tag>{t('booklists.notHeld')}</Tag>
              ),
          },
          {
            title: '',
            width: 110,
            render: (_v, _r, i) => (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('booklists.up')}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('booklists.down')}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('booklists.remove')}
                  onClick={() => set(rows.filter((_r, j) => j !== i))}
                />
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
