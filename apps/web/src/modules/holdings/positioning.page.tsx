import { P } from '@shuyuan/contracts/common/paths';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { type BulkAnswer, HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Button, Card, Col, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { BarcodeBox, ResultTable, lines, useList } from './shared.tsx';

interface Item {
  copyId: number;
  barcode: string;
  callNo: string;
  title: string;
  position: string;
  circState: string;
}

/** /book-positioning: put copies on a shelf position (scan the position, then the books); see what a shelf holds. */
export default function BookPositioningPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canEdit = usePermission(`${HoldingsCode.positioning}:edit`);
  const shelves = useList(`${P}/Basic/GetShelfList`, 'code');
  const [placed, setPlaced] = useState<BulkAnswer | null>(null);
  const [shelfId, setShelfId] = useState<number>();
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [items, setItems] = useState<{ List: Item[]; Total: number }>({ List: [], Total: 0 });
  const [selected, setSelected] = useState<string[]>([]);
  const [stamp, setStamp] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: stamp reloads
  useEffect(() => {
    if (!shelfId) return;
    api
      .post<{ List: Item[]; Total: number }>(`${P}/Literature/GetShelfItem`, { shelfId, ...page })
      .then(setItems)
      .catch(() => {});
  }, [shelfId, page, stamp]);

  const place = async (v: { position: string; barcodes: string }) => {
    try {
      setPlaced(await api.post(`${P}/Literature/ShelfNumber`, { position: v.position, barcodes: lines(v.barcodes) }));
      form.setFieldValue('barcodes', '');
      setStamp((s) => s + 1);
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  const unshelve = async () => {
    setPlaced(await api.post(`${P}/Holdings/Unshelve`, { barcodes: selected }));
    setSelected([]);
    setStamp((s) => s + 1);
  };

  return (
    <Row gutter={16} className="sy-positioning">
      <Col xs={24} lg={10}>
        <Card title={t('holdings.position.place')}>
          <Form form={form} layout="vertical" onFinish={place}>
            <Form.Item
              name="position"
              label={t('holdings.position.position')}
              rules={[{ required: true, message: t('holdings.positionRequired') }]}
            >
              <Input placeholder={t('holdings.position.positionHint')} />
            </Form.Item>
            <Form.Item name="barcodes" label={t('holdings.common.barcodes')}>
              <BarcodeBox rows={6} />
            </Form.Item>
            {canEdit && (
              <Button type="primary" htmlType="submit">
                {t('holdings.position.placeButton')}
              </Button>
            )}
          </Form>
          <div style={{ marginTop: 16 }}>
            <ResultTable data={placed} applied />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('holdings.position.onShelf')}>
          <Space style={{ marginBottom: 16 }}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              placeholder={t('holdings.position.shelf')}
              options={shelves}
              value={shelfId}
              onChange={(v) => {
                setShelfId(v);
                setPage((p) => ({ ...p, Page: 1 }));
              }}
            />
            {canEdit && (
              <Button disabled={!selected.length} onClick={() => void unshelve()}>
                {t('holdings.position.unshelve', { count: selected.length })}
              </Button>
            )}
          </Space>
          {!shelfId && (
            <div>
              <Typography.Text type="secondary">{t('holdings.position.chooseShelf')}</Typography.Text>
            </div>
          )}
          {shelfId && (
            <Table<Item>
              size="small"
              rowKey="barcode"
              dataSource={items.List}
              rowSelection={
                canEdit ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) } : undefined
              }
              pagination={specPagination(t, page.Page, page.Rows, items.Total, (Page, Rows) => setPage({ Page, Rows }))}
              columns={[
                { title: t('holdings.position.position'), dataIndex: 'position', width: 110 },
                { title: t('holdings.field.callNo'), dataIndex: 'callNo', width: 120 },
                { title: t('holdings.field.barcode'), dataIndex: 'barcode', width: 120 },
                { title: t('holdings.common.title'), dataIndex: 'title', ellipsis: true },
                {
                  title: t('holdings.field.circState'),
                  width: 90,
                  render: (_, r) => t(`holdings.state.${r.circState}`),
                },
              ]}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
