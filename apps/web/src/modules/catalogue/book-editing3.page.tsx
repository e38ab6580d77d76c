import { CopyAdd } from '@shuyuan/contracts/catalogue/record';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Card, Descriptions, Empty, Form, Space } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { CopyEditor } from './copy-editor.tsx';
import { CopyFields, copyBody, copyDefaults } from './copy-fields.tsx';
import { type CopyListRow, CopyTable } from './copy-table.tsx';
import { RecordFinder } from './record-finder.tsx';
import { RfidBind } from './rfid-bind.tsx';
import { clearOnChange, postChecked } from './submit.ts';
import { money } from './types.ts';
import { useEditingConfig, useEditingOptions } from './use-options.ts';

/**
 * /book-editing3 — the copies of one record: add more (barcodes generated or scanned), edit them, bind their
 * RFID tags with the school's reader, move their states. The record comes by `?recordId=`, a barcode or ISBN.
 */
export default function BookEditing3Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const recordId = Number(params.get('recordId')) || null;
  const can = { add: usePermission('book-editing3:add'), edit: usePermission('book-editing3:edit') };
  const canDelete = usePermission('book-editing3:delete');
  const { config } = useEditingConfig();
  const opts = useEditingOptions();
  const [form] = Form.useForm();
  const [record, setRecord] = useState<Record<string, any> | null>(null);
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [copies, setCopies] = useState<{ List: CopyListRow[]; Total: number }>({ List: [], Total: 0 });
  const [editing, setEditing] = useState<number | null>(null);
  const [binding, setBinding] = useState<CopyListRow | null>(null);
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    if (!recordId) return;
    const [r, c] = await Promise.all([
      api.post<Record<string, any>>(`${P}/Catalogue/GetRecord`, { id: recordId }),
      api.post<{ List: CopyListRow[]; Total: number }>(`${P}/Literature/GetItemsCollection`, { recordId, ...page }),
    ]);
    setRecord(r);
    setCopies(c);
  }, [recordId, page]);
  useEffect(() => {
    void load().catch(() => setRecord(null));
  }, [load]);

  const startAdd = () => {
    form.resetFields();
    form.setFieldsValue({
      ...copyDefaults(config),
      unitPrice: record?.priceFen == null ? undefined : record.priceFen / 100,
    });
    setAdding(true);
  };
  const add = async () => {
    if (!record) return;
    const r = await postChecked<{ count: number }>(
      form,
      CopyAdd,
      `${P}/Literature/AddItemsCollectionInfo`,
      copyBody(form.getFieldsValue(true), record.id),
    );
    if (!r) return;
    notify.success(t('catalogue.editing3.added', { count: r.count }));
    setAdding(false);
    await load();
  };
  const closeEditor = useCallback(() => setEditing(null), []);

  return (
    <Card className="sy-book-editing3">
      <Space wrap style={{ marginBottom: 16 }}>
        <RecordFinder onFound={(id) => setParams({ recordId: String(id) })} />
        {record && (
          <Button onClick={() => navigate(`/book-editing2?recordId=${record.id}`)}>
            {t('catalogue.editing3.openRecord')}
          </Button>
        )}
      </Space>
      {!record ? (
        <Empty description={t('catalogue.finder.empty')} />
      ) : (
        <>
          <Descriptions size="small" column={3} bordered className="sy-editing3-record">
            <Descriptions.Item label={t('catalogue.field.title')}>{record.title}</Descriptions.Item>
            <Descriptions.Item label={t('catalogue.field.author')}>{record.author}</Descriptions.Item>
            <Descriptions.Item label={t('catalogue.field.isbn')}>{record.isbn}</Descriptions.Item>
            <Descriptions.Item label={t('catalogue.field.classNo')}>{record.classNo}</Descriptions.Item>
            <Descriptions.Item label={t('catalogue.field.bookNo')}>{record.bookNo}</Descriptions.Item>
            <Descriptions.Item label={t('catalogue.field.price')}>{money(record.priceFen)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ margin: '16px 0' }}>
            {can.add && !adding && (
              <Button type="primary" className="sy-editing3-add" onClick={startAdd}>
                {t('catalogue.copies.add')}
              </Button>
            )}
          </Space>
          {adding && (
            <Card size="small" title={t('catalogue.copies.add')} style={{ marginBottom: 16 }}>
              <Form form={form} layout="vertical" onValuesChange={clearOnChange(form)}>
                <CopyFields config={config} opts={opts} classNo={record.classNo} bookNo={record.bookNo} />
                <Space>
                  <Button type="primary" className="sy-editing3-save" onClick={() => void add()}>
                    {t('catalogue.save')}
                  </Button>
                  <Button onClick={() => setAdding(false)}>{t('catalogue.cancel')}</Button>
                </Space>
              </Form>
            </Card>
          )}
          <CopyTable
            rows={copies.List}
            can={{ edit: can.edit, delete: canDelete }}
            onEdit={(c) => setEditing(c.id)}
            onBind={config.rfidReader === 'none' ? undefined : setBinding}
            reload={() => void load().catch(() => {})}
            pagination={specPagination(t, page.Page, page.Rows, copies.Total, (p, r) => setPage({ Page: p, Rows: r }))}
          />
        </>
      )}
      <CopyEditor
        copyId={editing}
        opts={opts}
        onClose={closeEditor}
        onSaved={() => {
          setEditing(null);
          void load().catch(() => {});
        }}
      />
      <RfidBind
        copy={binding}
        readerKind={config.rfidReader}
        onClose={() => setBinding(null)}
        onDone={() => {
          setBinding(null);
          void load().catch(() => {});
        }}
      />
    </Card>
  );
}
