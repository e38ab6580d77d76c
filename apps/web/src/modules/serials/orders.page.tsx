import { ExportOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import type { OrderDto } from '@shuyuan/contracts/serials/order';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { yuan } from './options.ts';
import { OrderFilters, placesText, titleColumns, useOrderList } from './order-list.tsx';
import { OrderForm } from './order-form.tsx';

const S = `${P}/Serials`;
const CODE = 'magazine-order';

/** /magazine-order (期刊订购): a year's orders per title, places, supplier, money; the list for the post office. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const can = { add: usePermission(`${CODE}:add`), edit: usePermission(`${CODE}:edit`) };
  const canDelete = usePermission(`${CODE}:delete`);
  const canExport = usePermission(`${CODE}:export`);
  const { q, setQ, data, load } = useOrderList('GetOrderList');
  const [editing, setEditing] = useState<{ row: OrderDto | null } | null>(null);
  const filters = { year: q.year, kind: q.kind, SearchKey: q.SearchKey };
  const exportXlsx = async () => {
    const job = await api.post<ExportStarted>(`${S}/ExportOrders`, filters);
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };
  const remove = async (r: OrderDto) => {
    await api.post(`${S}/DeleteOrder`, { ids: [r.id] });
    notify.success(t('kit.delete.done'));
    void load();
  };
  const copies = data.List.reduce((a, o) => a + o.copies, 0);
  const money = data.List.reduce((a, o) => a + (o.totalPriceFen ?? 0), 0);

  return (
    <Card className="sy-orders">
      <OrderFilters q={q} setQ={setQ}>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('serials.order.add')}
          </Button>
        )}
        {canExport && (
          <>
            <Button icon={<ExportOutlined />} onClick={() => void exportXlsx().catch(() => {})}>
              {t('serials.order.exportXlsx')}
            </Button>
            <Button
              icon={<FilePdfOutlined />}
              data-testid="orders-pdf"
              onClick={() => api.download(`${S}/OrderListPdf`, filters).catch(() => {})}
            >
              {t('serials.order.pdf')}
            </Button>
          </>
        )}
      </OrderFilters>
      <Table<OrderDto>
        className="sy-orders-table"
        rowKey="id"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ((o) => ({ ...o, Page, Rows })))}
        footer={() => t('serials.order.sum', { titles: data.Total, copies, money: yuan(money) })}
        columns={[
          ...titleColumns(t, (r) => r.renewedFrom && <Tag color="blue">{t('serials.order.renewedFrom')}</Tag>),
          { title: t('serials.title.issn'), dataIndex: 'issn', width: 100, responsive: ['xl'] },
          {
            title: t('serials.title.frequency'),
            dataIndex: 'frequency',
            width: 80,
            render: (v: string) => t(`serials.frequency.${v}`),
          },
          { title: t('serials.order.copies'), dataIndex: 'copies', width: 80 },
          {
            title: t('serials.order.places'),
            key: 'places',
            render: (_, r) => placesText(r),
          },
          { title: t('serials.order.total'), dataIndex: 'totalPriceFen', width: 90, render: yuan },
          { title: t('serials.order.supplier'), dataIndex: 'supplier', width: 100, responsive: ['lg'] },
          { title: t('serials.order.orderNo'), dataIndex: 'orderNo', width: 110, responsive: ['xl'] },
          {
            title: t('serials.common.actions'),
            key: 'a',
            width: 120,
            render: (_, r) => (
              <Space size={0}>
                {can.edit && (
                  <Button size="small" type="link" onClick={() => setEditing({ row: r })}>
                    {t('serials.common.edit')}
                  </Button>
                )}
                {canDelete && (
                  <Popconfirm title={t('serials.order.deleteConfirm')} onConfirm={() => remove(r).catch(() => {})}>
                    <Button size="small" type="link" danger>
                      {t('serials.common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <OrderForm
        open={!!editing}
        row={editing?.row ?? null}
        year={q.year}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void load();
        }}
      />
    </Card>
  );
}
