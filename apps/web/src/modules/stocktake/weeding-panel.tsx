import { ExportOutlined, UploadOutlined } from '@ant-design/icons';
import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import { P } from '@shuyuan/contracts/common/paths';
import { WEED_REASONS, type WeedItemResult } from '@shuyuan/contracts/stocktake/weeding';
import { AutoComplete, Button, DatePicker, Divider, Form, Input, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';

interface WeedRow {
  id: number;
  barcode: string;
  title: string;
  callNo: string;
  reason: string;
  priceFen: number | null;
  weededOn: string;
  operatorName: string;
  undoneAt: string | null;
}
interface WeedAnswer {
  weeded: number;
  refused: number;
  List: WeedItemResult[];
}

/** Weeding: barcodes (typed, scanned or from a file) + reason + date → store 3; the register below. */
export function WeedingPanel() {
  const { t } = useTranslation();
  const canWeed = usePermission('weeding:weed');
  const canExport = usePermission('weeding:export');
  const [form] = Form.useForm<{ barcodes: string; reason: string; date: Dayjs }>();
  const [answer, setAnswer] = useState<WeedAnswer | null>(null);
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT, SearchKey: '' });
  const [data, setData] = useState<{ List: WeedRow[]; Total: number }>({ List: [], Total: 0 });
  const load = useCallback(async () => setData(await api.post(`${P}/Stocktake/GetWeedingList`, q)), [q]);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  // Candidates chosen on /zero-borrow-book arrive as ?barcodes=a,b,c: put them in the box, the librarian weeds.
  const [params] = useSearchParams();
  useEffect(() => {
    const given = params.get('barcodes');
    if (given) form.setFieldValue('barcodes', given.split(',').join('\n'));
  }, [params, form]);

  const fields = async () => {
    const v = await form.validateFields();
    return { reason: v.reason.trim(), date: (v.date ?? dayjs()).format('YYYY-MM-DD') };
  };
  const done = (r: WeedAnswer) => {
    setAnswer(r);
    notify.success(t('stocktake.weed.done', { weeded: r.weeded, refused: r.refused }));
    void load().catch(() => {});
  };
  const weedTyped = async () => {
    const base = await fields();
    const barcodes = (form.getFieldValue('barcodes') ?? '')
      .split(/[\s,;，；]+/)
      .map((b: string) => b.trim())
      .filter(Boolean);
    if (!barcodes.length) {
      form.setFields([{ name: 'barcodes', errors: [t('stocktake.weed.barcodesRequired')] }]);
      return;
    }
    done(await api.post<WeedAnswer>(`${P}/Stocktake/Weed`, { ...base, barcodes }, { loading: true }));
    form.setFieldValue('barcodes', '');
  };
  const weedFile = async (file: File) => {
    const base = await fields();
    const body = new FormData();
    body.append('file', file);
    const up = await api.post<{ url: string }>(`${P}/upload/post`, body);
    done(await api.post<WeedAnswer>(`${P}/Stocktake/WeedFile`, { ...base, fileUrl: up.url }, { loading: true }));
  };
  const undo = async (r: WeedRow) => {
    await api.post(`${P}/Stocktake/UndoWeed`, { id: r.id });
    notify.success(t('stocktake.weed.undone', { barcode: r.barcode }));
    void load().catch(() => {});
  };
  const exportAll = async () => {
    const job = await api.post<ExportStarted>(`${P}/Stocktake/ExportWeeding`, { SearchKey: q.SearchKey });
    downloads.track({ id: job.DataID, fileName: job.FileName });
  };

  return (
    <div className="sy-weeding">
      {canWeed && (
        <Form form={form} layout="vertical" initialValues={{ date: dayjs() }} style={{ maxWidth: 720 }}>
          <Form.Item name="barcodes" label={t('stocktake.weed.barcodes')} extra={t('stocktake.weed.barcodesHint')}>
            <Input.TextArea className="sy-weed-barcodes" rows={4} />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item
              name="reason"
              label={t('stocktake.weed.reason')}
              rules={[{ required: true, whitespace: true, message: t('stocktake.weed.reasonRequired') }]}
            >
              <AutoComplete
                style={{ width: 280 }}
                options={WEED_REASONS.map((r) => ({ value: t(`stocktake.weedReason.${r}`) }))}
              />
            </Form.Item>
            <Form.Item name="date" label={t('stocktake.weed.date')}>
              <DatePicker allowClear={false} />
            </Form.Item>
          </Space>
          <Space>
            <Button type="primary" danger onClick={() => void weedTyped().catch(() => {})}>
              {t('stocktake.weed.button')}
            </Button>
            <Upload
              accept=".txt,.csv,.xlsx"
              showUploadList={false}
              customRequest={({ file, onSuccess, onError }) =>
                weedFile(file as File).then(
                  () => onSuccess?.(null),
                  (e) => onError?.(e as Error),
                )
              }
            >
              <Button icon={<UploadOutlined />}>{t('stocktake.weed.file')}</Button>
            </Upload>
          </Space>
        </Form>
      )}
      {answer && (
        <Table<WeedItemResult>
          className="sy-weed-results"
          style={{ marginTop: 16 }}
          size="small"
          rowKey={(r, i) => `${r.barcode}-${i}`}
          dataSource={answer.List}
          pagination={false}
          columns={[
            { title: t('stocktake.col.barcode'), dataIndex: 'barcode' },
            {
              title: t('stocktake.weed.result'),
              key: 'r',
              render: (_, r) =>
                r.ok ? <Tag color="green">{t('stocktake.weed.ok')}</Tag> : <Tag color="red">{r.message}</Tag>,
            },
            { title: t('stocktake.col.title'), key: 'title', render: (_, r) => (r.ok ? r.title : '') },
          ]}
        />
      )}
      <Divider>{t('stocktake.weed.register')}</Divider>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          style={{ width: 300 }}
          placeholder={t('stocktake.weed.search')}
          onSearch={(v) => setQ((o) => ({ ...o, Page: 1, SearchKey: v.trim() }))}
        />
        {canExport && (
          <Button icon={<ExportOutlined />} onClick={() => void exportAll().catch(() => {})}>
            {t('stocktake.report.export')}
          </Button>
        )}
      </Space>
      <Table<WeedRow>
        className="sy-weed-register"
        rowKey="id"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ((o) => ({ ...o, Page, Rows })))}
        columns={[
          { title: t('stocktake.weed.date'), dataIndex: 'weededOn' },
          { title: t('stocktake.col.barcode'), dataIndex: 'barcode' },
          { title: t('stocktake.col.title'), dataIndex: 'title' },
          { title: t('stocktake.col.callNo'), dataIndex: 'callNo' },
          { title: t('stocktake.weed.reason'), dataIndex: 'reason' },
          {
            title: t('stocktake.weed.price'),
            dataIndex: 'priceFen',
            render: (v: number | null) => (v == null ? '' : (v / 100).toFixed(2)),
          },
          { title: t('stocktake.weed.operator'), dataIndex: 'operatorName' },
          {
            title: t('stocktake.session.actions'),
            key: 'a',
            render: (_, r) =>
              r.undoneAt ? (
                <Tag>{t('stocktake.weed.undoneTag')}</Tag>
              ) : (
                canWeed && (
                  <Popconfirm title={t('stocktake.weed.undoConfirm')} onConfirm={() => undo(r).catch(() => {})}>
                    <Button size="small" type="link">
                      {t('stocktake.weed.undo')}
                    </Button>
                  </Popconfirm>
                )
              ),
          },
        ]}
      />
    </div>
  );
}
