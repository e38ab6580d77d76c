import { P } from '@shuyuan/contracts/common/paths';
import type { OrderDto } from '@shuyuan/contracts/serials/order';
import { Alert, Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { CopiesInput, placesText, titleColumns } from './order-list.tsx';

const S = `${P}/Serials`;

interface TitleOption {
  id: number;
  title: string;
  postalCode: string | null;
  issn: string | null;
}
type List = { List: OrderDto[]; Total: number };

/**
 * /magazine-reorder (期刊续订): next year's orders from this year's in one step — tick what to renew, change
 * copies, add titles; titles already ordered for the next year are shown and cannot be picked again.
 */
export default function RenewalPage() {
  const { t } = useTranslation();
  const canOrder = usePermission('magazine-reorder:order');
  const [fromYear, setFromYear] = useState(new Date().getFullYear());
  const toYear = fromYear + 1;
  const [current, setCurrent] = useState<OrderDto[]>([]);
  const [already, setAlready] = useState<Set<number>>(new Set());
  const [picked, setPicked] = useState<number[]>([]);
  const [copies, setCopies] = useState<Record<number, number>>({});
  const [titles, setTitles] = useState<TitleOption[]>([]);
  const [added, setAdded] = useState<(TitleOption & { copies: number })[]>([]);

  const load = useCallback(async () => {
    const all = (year: number) => api.post<List>(`${S}/GetRenewalOrders`, { year, state: 'ordered', Rows: 500 });
    const [a, b] = await Promise.all([all(fromYear), all(fromYear + 1)]);
    const next = new Set(b.List.map((o) => o.titleId));
    setCurrent(a.List);
    setAlready(next);
    setCopies(Object.fromEntries(a.List.map((o) => [o.id, o.copies])));
    setPicked(a.List.filter((o) => !next.has(o.titleId)).map((o) => o.id));
    setAdded([]);
  }, [fromYear]);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);

  const searchTitles = useCallback(
    (SearchKey = '') =>
      api
        .post<TitleOption[]>(`${S}/RenewalTitleOptions`, { SearchKey, Rows: 50 })
        .then(setTitles)
        .catch(() => {}),
    [],
  );
  useEffect(() => {
    void searchTitles();
  }, [searchTitles]);
  const taken = useMemo(
    () => new Set([...current.map((o) => o.titleId), ...already, ...added.map((a) => a.id)]),
    [current, already, added],
  );

  const renew = async () => {
    const body = {
      fromYear,
      toYear,
      items: picked.map((id) => ({ subscriptionId: id, copies: copies[id] ?? 1 })),
      addTitles: added.map((a) => ({ titleId: a.id, copies: a.copies })),
    };
    if (!body.items.length && !body.addTitles.length) return notify.error(t('serials.renew.nothing'));
    const r = await api.post<{ created: number }>(`${S}/Renew`, body, { loading: true });
    notify.success(t('serials.renew.done', { n: r.created, year: toYear }));
    await load();
  };

  return (
    <Card className="sy-renewal">
      <Space wrap style={{ marginBottom: 12 }}>
        <InputNumber
          min={2000}
          max={2099}
          value={fromYear}
          addonBefore={t('serials.renew.from')}
          onChange={(v) => v && setFromYear(v)}
        />
        <Typography.Text strong>
          → {t('serials.renew.to')}: {toYear}
        </Typography.Text>
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('serials.renew.pick')} />
      <Table<OrderDto>
        className="sy-renewal-table"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={current}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: already.has(r.titleId) }),
        }}
        columns={[
          ...titleColumns(
            t,
            (r) => already.has(r.titleId) && <Tag color="blue">{t('serials.renew.already', { year: toYear })}</Tag>,
          ),
          { title: t('serials.order.copies'), dataIndex: 'copies', width: 90 },
          {
            title: t('serials.renew.newCopies'),
            key: 'c',
            width: 130,
            render: (_, r) => (
              <CopiesInput
                disabled={already.has(r.titleId)}
                value={copies[r.id] ?? r.copies}
                onChange={(v) => setCopies((c) => ({ ...c, [r.id]: v }))}
              />
            ),
          },
          {
            title: t('serials.order.places'),
            key: 'p',
            render: (_, r) => placesText(r),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('serials.renew.addTitles')}
      </Typography.Title>
      <Select
        showSearch
        className="sy-renewal-add"
        style={{ width: 420, display: 'block', marginBottom: 8 }}
        placeholder={t('serials.renew.addPlaceholder')}
        filterOption={false}
        value={null}
        onSearch={(s) => void searchTitles(s)}
        options={titles
          .filter((o) => !taken.has(o.id))
          .map((o) => ({ value: o.id, label: [o.postalCode, o.title, o.issn].filter(Boolean).join('  ') }))}
        onChange={(id: number) => {
          const o = titles.find((x) => x.id === id);
          if (o) setAdded((a) => [...a, { ...o, copies: 1 }]);
        }}
      />
      {added.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={added}
          columns={[
            { title: t('serials.title.postalCode'), dataIndex: 'postalCode', width: 90 },
            { title: t('serials.title.title'), dataIndex: 'title' },
            {
              title: t('serials.renew.newCopies'),
              key: 'c',
              width: 130,
              render: (_, r) => (
                <CopiesInput
                  value={r.copies}
                  onChange={(v) => setAdded((a) => a.map((x) => (x.id === r.id ? { ...x, copies: v } : x)))}
                />
              ),
            },
            {
              title: t('serials.common.actions'),
              key: 'x',
              width: 80,
              render: (_, r) => (
                <Button size="small" type="link" onClick={() => setAdded((a) => a.filter((x) => x.id !== r.id))}>
                  {t('serials.renew.remove')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {canOrder && (
        <div style={{ marginTop: 16 }}>
          <Button
            type="primary"
            disabled={!picked.length && !added.length}
            onClick={() => void renew().catch(() => {})}
          >
            {t('serials.renew.button', { n: picked.length + added.length })}
          </Button>
        </div>
      )}
    </Card>
  );
}
