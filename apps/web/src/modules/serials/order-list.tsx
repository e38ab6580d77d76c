import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import type { OrderDto } from '@shuyuan/contracts/serials/order';
import { Input, InputNumber, Select, Space, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { type Dispatch, type ReactNode, type SetStateAction, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { KIND_OPTIONS } from './options.ts';

/** What the order and subscription screens filter by. */
export interface OrderQuery {
  Page: number;
  Rows: number;
  SearchKey: string;
  year: number;
  kind?: string;
}
export type OrderList = { List: OrderDto[]; Total: number };

/** A year's orders from one of the screens' list routes (each checks its own screen's permission). */
export function useOrderList(action: 'GetOrderList' | 'GetSubscriptionList') {
  const [q, setQ] = useState<OrderQuery>({
    Page: 1,
    Rows: PAGE_SIZE_DEFAULT,
    SearchKey: '',
    year: new Date().getFullYear(),
  });
  const [data, setData] = useState<OrderList>({ List: [], Total: 0 });
  const load = useCallback(
    () =>
      api
        .post<OrderList>(`${P}/Serials/${action}`, q)
        .then(setData)
        .catch(() => {}),
    [q, action],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { q, setQ, data, load };
}

/** Year, kind and search above a list of orders, with the screen's own buttons after them. */
export function OrderFilters({
  q,
  setQ,
  children,
}: {
  q: OrderQuery;
  setQ: Dispatch<SetStateAction<OrderQuery>>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <InputNumber
        className="sy-orders-year"
        min={2000}
        max={2100}
        value={q.year}
        addonBefore={t('serials.order.year')}
        onChange={(v) => v && setQ((o) => ({ ...o, Page: 1, year: v }))}
      />
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={t('serials.title.kind')}
        value={q.kind}
        options={KIND_OPTIONS.map((o) => ({ value: o.value as string, label: t(o.label) }))}
        onChange={(kind) => setQ((o) => ({ ...o, Page: 1, kind }))}
      />
      <Input.Search
        allowClear
        style={{ width: 260 }}
        placeholder={t('serials.title.searchHint')}
        onSearch={(v) => setQ((o) => ({ ...o, Page: 1, SearchKey: v.trim() }))}
      />
      {children}
    </Space>
  );
}

/** "期刊阅览室×2，教师阅览室×1" */
export const placesText = (r: OrderDto) => r.places.map((p) => `${p.locationName}×${p.copies}`).join('，');

/** Postal code and title (with tags after the title) — the first columns of every order list. */
export function titleColumns(t: TFunction, tags: (r: OrderDto) => ReactNode): ColumnType<OrderDto>[] {
  return [
    { title: t('serials.title.postalCode'), dataIndex: 'postalCode', width: 90 },
    {
      title: t('serials.title.title'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.kind === 'newspaper' && <Tag>{t('serials.kind.newspaper')}</Tag>}
          {tags(r)}
        </Space>
      ),
    },
  ];
}

/** A copies box of a renewal row. */
export function CopiesInput(props: { value: number; disabled?: boolean; onChange: (v: number) => void }) {
  return (
    <InputNumber
      size="small"
      min={1}
      max={10000}
      precision={0}
      disabled={props.disabled}
      value={props.value}
      onChange={(v) => props.onChange(v ?? 1)}
    />
  );
}
