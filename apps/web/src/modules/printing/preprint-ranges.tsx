import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import {
  DIRECT_PRINT_MAX,
  type PreprintRangeDto,
  PreprintRangeSave,
  type PrintScreen,
} from '@shuyuan/contracts/printing/print-api';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { PR, useBarcodeRules, useTemplates } from './api.ts';
import { RangeCheck } from './range-check.tsx';

/** New range form with a live check (first/last barcode, overlap warning, rule mismatch). */
function RangeForm({ open, onClose }: { open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rule = useBarcodeRules().rules.find((r) => r.kind === 'book' && r.enabled);

  const fromRule = async () => {
    if (!rule) return;
    const [next] = await api.post<string[]>(`${PR}/NextBarcodes`, { count: 1 });
    const body = next.slice(rule.prefix.length, rule.checkDigit ? -1 : undefined);
    const width = rule.length ? body.length : 0;
    form.setFieldsValue({
      prefix: rule.prefix,
      width,
      checkDigit: rule.checkDigit,
      start: Number(body),
      end: Number(body) + 99,
    });
  };

  const save = async () => {
    const v = form.getFieldsValue();
    const parsed = PreprintRangeSave.safeParse(v);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    try {
      const r = await api.post<PreprintRangeDto & { overlap: string }>(`${PR}/AddPreprintRange`, parsed.data);
      notify.success(r.overlap ? `${t('printing.range.saved')} · ${r.overlap}` : t('printing.range.saved'));
      form.resetFields();
      onClose(true);
    } catch (e) {
      fieldErrors(form, e);
    }
  };

  return (
    <Modal
      open={open}
      title={t('printing.range.add')}
      onCancel={() => onClose(false)}
      onOk={() => void save().catch(() => {})}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ prefix: '', width: 0, checkDigit: false, remark: '' }}
        onValuesChange={(c) => form.setFields(Object.keys(c).map((name) => ({ name, errors: [] })))}
      >
        {rule && (
          <Button size="small" onClick={() => void fromRule().catch(() => {})} style={{ marginBottom: 12 }}>
            {t('printing.range.useRule')}
          </Button>
        )}
        <Space wrap>
          <Form.Item name="prefix" label={t('printing.range.prefix')}>
            <Input maxLength={10} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="start" label={t('printing.range.start')} required>
            <InputNumber min={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="end" label={t('printing.range.end')} required>
            <InputNumber min={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="width" label={t('printing.range.width')} tooltip={t('printing.range.widthHelp')}>
            <InputNumber min={0} max={20} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="checkDigit" label={t('printing.range.checkDigit')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('printing.range.remark')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
      <RangeCheck form={form} />
    </Modal>
  );
}

/** Print one saved range: template and start label, then a file (or a background job for big ranges). */
function PrintRange({
  range,
  screen,
  onClose,
}: {
  range: PreprintRangeDto | null;
  screen: PrintScreen;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { list } = useTemplates(['barcode']);
  const [templateId, setTemplateId] = useState<number>();
  const [startPosition, setStart] = useState<number | null>(null);
  const chosen = templateId ?? (list.find((x) => x.isDefault) ?? list[0])?.id;
  const print = async () => {
    if (!range) return;
    const body = {
      screen,
      templateId: chosen,
      source: { type: 'preprint', rangeId: range.id },
      startPosition: startPosition || undefined,
    };
    if (range.copies > DIRECT_PRINT_MAX) {
      const job = await api.post<{ DataID: number; FileName: string }>(`${PR}/PrintJob`, body);
      downloads.track({ id: job.DataID, fileName: job.FileName });
      notify.success(t('printing.work.jobStarted'));
    } else await api.download(`${PR}/PrintFile`, body);
    onClose();
  };
  return (
    <Modal
      open={!!range}
      title={`${t('printing.range.print')} ${range?.first ?? ''} – ${range?.last ?? ''}`}
      onCancel={onClose}
      onOk={() => print().catch(() => {})}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          value={chosen}
          onChange={setTemplateId}
          style={{ width: '100%' }}
          options={list.map((x) => ({ value: x.id, label: x.name }))}
        />
        <InputNumber
          min={1}
          value={startPosition}
          onChange={setStart}
          addonBefore={t('printing.template.startPosition')}
        />
      </Space>
    </Modal>
  );
}

/** The saved pre-printing ranges of the school: add, print, public list link, delete. */
export function PreprintRanges({ screen }: { screen: PrintScreen }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canAdd = usePermission('barcode-prepriting:add');
  const canDelete = usePermission('barcode-prepriting:delete');
  const canPrint = usePermission(`${screen}:print`);
  const [q, setQ] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT, SearchKey: '' });
  const [data, setData] = useState<{ List: PreprintRangeDto[]; Total: number }>({ List: [], Total: 0 });
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState<PreprintRangeDto | null>(null);
  const load = useCallback(async () => setData(await api.post(`${PR}/GetPreprintRangeList`, q)), [q]);
  useEffect(() => void load().catch(() => {}), [load]);

  const viewUrl = (r: PreprintRangeDto) =>
    `${location.origin}${location.pathname}#/barcode-prepriting-view?token=${r.viewToken}`;
  const remove = (r: PreprintRangeDto) =>
    modal.confirm({
      title: t('printing.range.deleteConfirm'),
      onOk: async () => {
        await api.post(`${PR}/DeletePreprintRange`, { ids: [r.id] });
        await load();
      },
    });

  return (
    <Card
      size="small"
      title={t('printing.range.list')}
      extra={
        <Space>
          <Input.Search
            allowClear
            onSearch={(SearchKey) => setQ({ ...q, Page: 1, SearchKey })}
            style={{ width: 200 }}
          />
          {canAdd && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('printing.range.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<PreprintRangeDto>
        size="small"
        rowKey="id"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ({ ...q, Page, Rows }))}
        columns={[
          { title: t('printing.range.first'), dataIndex: 'first' },
          { title: t('printing.range.last'), dataIndex: 'last' },
          { title: t('printing.range.count'), dataIndex: 'copies' },
          { title: t('printing.range.used'), dataIndex: 'used' },
          { title: t('printing.range.printed'), dataIndex: 'printedCount' },
          {
            title: t('printing.range.printedAt'),
            dataIndex: 'printedAt',
            render: (v) => (v ? new Date(v).toLocaleString() : '—'),
          },
          { title: t('printing.range.remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('kit.table.operation'),
            key: 'ops',
            width: 260,
            render: (_, r) => (
              <Space style={{ whiteSpace: 'nowrap' }}>
                {canPrint && (
                  <Typography.Link onClick={() => setPrinting(r)}>{t('printing.range.print')}</Typography.Link>
                )}
                <Typography.Link href={viewUrl(r)} target="_blank">
                  {t('printing.range.view')}
                </Typography.Link>
                <Typography.Link
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(viewUrl(r))
                      .then(() => notify.success(t('printing.range.linkCopied')))
                  }
                >
                  {t('printing.range.copyLink')}
                </Typography.Link>
                {canDelete && (
                  <Typography.Link type="danger" onClick={() => remove(r)}>
                    {t('kit.action.delete')}
                  </Typography.Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RangeForm
        open={adding}
        onClose={(saved) => {
          setAdding(false);
          if (saved) void load().catch(() => {});
        }}
      />
      <PrintRange
        range={printing}
        screen={screen}
        onClose={() => {
          setPrinting(null);
          void load().catch(() => {});
        }}
      />
    </Card>
  );
}
