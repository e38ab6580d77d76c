import { PAGE_SIZE_DEFAULT } from '@shuyuan/contracts/common/envelope';
import type { LabelKind } from '@shuyuan/contracts/printing/label-template';
import {
  DIRECT_PRINT_MAX,
  PRINT_SCREENS,
  type PrintLabelRow,
  type PrintOutput,
  type PrintPreview,
  type PrintScreen,
} from '@shuyuan/contracts/printing/print-api';
import { Alert, Button, Card, Col, Form, InputNumber, Radio, Row, Select, Space, Table, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { PR, printCall, useTemplates } from './api.ts';
import { PdfFrame } from './pdf-frame.tsx';
import { SourcePanel } from './source-panel.tsx';
import { presetSource, type SourceKind, type SourceValues, toSource } from './source.ts';

export interface WorkbenchProps {
  screen: PrintScreen;
  sources: SourceKind[];
  /** Offsets and a test sheet up front (pre-cut label screens). */
  alignment?: boolean;
  notice?: ReactNode;
  /** Initial output when the screen offers several. */
  output?: PrintOutput;
}

interface Settings {
  templateId?: number;
  output: PrintOutput;
  startPosition?: number;
  offsetX?: number;
  offsetY?: number;
  startPage?: number;
  endPage?: number;
}

const COLUMNS: Record<LabelKind, (keyof PrintLabelRow)[]> = {
  spine: ['callNumber', 'barcode', 'title'],
  barcode: ['barcode', 'callNumber', 'title'],
  readerCard: ['barcode', 'readerName', 'readerClass'],
};

/**
 * A print screen: choose what (source + list with optional row selection), how (template, output, start label,
 * offsets, page range), preview in the browser (the server's PDF in an iframe), print (a file download, or a
 * background job in the download panel beyond DIRECT_PRINT_MAX labels).
 */
export function PrintWorkbench({ screen, sources, alignment, notice, output }: WorkbenchProps) {
  const { t } = useTranslation();
  const canPrint = usePermission(`${screen}:print`);
  const conf = PRINT_SCREENS[screen];
  const { list: templates } = useTemplates(conf.kinds);
  const [what] = Form.useForm<SourceValues>();
  const [how] = Form.useForm<Settings>();
  const [rows, setRows] = useState<{ List: PrintLabelRow[]; Total: number } | null>(null);
  const [page, setPage] = useState({ Page: 1, Rows: PAGE_SIZE_DEFAULT });
  const [selected, setSelected] = useState<number[]>([]);
  const [pdf, setPdf] = useState<string | null>(null);
  const [info, setInfo] = useState<PrintPreview | null>(null);
  const [busy, setBusy] = useState<'list' | 'preview' | 'print' | null>(null);
  const templateId = Form.useWatch('templateId', how);
  const template = templates.find((x) => x.id === templateId);
  const kind: LabelKind = template?.kind ?? conf.kinds[0];
  const selectable = sources.some((s) => s !== 'callNumbers');
  // Other screens link here with a preset (`?barcodes=`, `?batchId=`, `?from=&to=`, `?key=`; see source.ts):
  // fill the form in and list what it selects, also when a kept-alive tab gets a new address.
  const [params] = useSearchParams();
  const query = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per address; load reads the form it fills
  useEffect(() => {
    const preset = presetSource(new URLSearchParams(query), sources);
    if (!preset) return;
    what.resetFields();
    what.setFieldsValue(preset);
    setSelected([]);
    setInfo(null);
    // The preset's fields may not be mounted yet (getFieldsValue skips them): list from the preset itself.
    if (selectable) void load({ ...page, Page: 1 }, preset).catch(() => {});
  }, [query]);

  useEffect(() => {
    if (!how.getFieldValue('templateId') && templates.length)
      how.setFieldValue('templateId', (templates.find((x) => x.isDefault) ?? templates[0]).id);
  }, [templates, how]);

  const values = (): SourceValues => ({ ...what.getFieldsValue(), type: what.getFieldValue('type') ?? sources[0] });
  const source = () => {
    const s = toSource(values());
    if (!selected.length) return s;
    return s.type === 'readers'
      ? { ...s, ids: selected, gradeIds: [], classIds: [], key: undefined }
      : { type: 'copies' as const, ids: selected };
  };

  const load = async (p = page, v = values()) => {
    setBusy('list');
    try {
      const r = await printCall((o) =>
        api.post<{ List: PrintLabelRow[]; Total: number }>(
          `${PR}/GetPrintList`,
          { screen, kind, source: toSource(v), ...p },
          o,
        ),
      );
      setRows(r);
      setPage(p);
    } finally {
      setBusy(null);
    }
  };

  const request = (extra: Record<string, unknown> = {}) => {
    const v = how.getFieldsValue();
    const offset = v.offsetX || v.offsetY ? { x: v.offsetX ?? 0, y: v.offsetY ?? 0 } : undefined;
    return {
      screen,
      templateId: v.templateId,
      output: v.output ?? conf.outputs[0],
      source: source(),
      startPosition: v.startPosition || undefined,
      offset,
      startPage: v.startPage || undefined,
      endPage: v.endPage || undefined,
      ...extra,
    };
  };

  const doPreview = async () => {
    setBusy('preview');
    try {
      const r = await printCall((o) => api.post<PrintPreview>(`${PR}/Preview`, request(), o));
      setInfo(r);
      setPdf(r.pdf);
    } finally {
      setBusy(null);
    }
  };

  const doPrint = async (extra: Record<string, unknown> = {}) => {
    setBusy('print');
    try {
      const body = request(extra);
      const count = selected.length || info?.total || rows?.Total || 0;
      if (count > DIRECT_PRINT_MAX) {
        const job = await printCall((o) => api.post<{ DataID: number; FileName: string }>(`${PR}/PrintJob`, body, o));
        downloads.track({ id: job.DataID, fileName: job.FileName });
        notify.success(t('printing.work.jobStarted'));
      } else {
        await printCall((o) => api.download(`${PR}/PrintFile`, body, o));
      }
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo(
    () => COLUMNS[kind].map((c) => ({ title: t(`printing.work.columns.${c}`), dataIndex: c, key: c, ellipsis: true })),
    [kind, t],
  );

  return (
    <Row gutter={16} className="sy-print-workbench">
      <Col xs={24} xl={11}>
        {notice}
        <Card title={t('printing.work.what')} size="small" style={{ marginBottom: 16 }}>
          <Form
            form={what}
            layout="vertical"
            initialValues={{ type: sources[0] }}
            onValuesChange={() => {
              setSelected([]);
              setInfo(null);
            }}
          >
            <SourcePanel kinds={sources} />
            {selectable && (
              <Button
                onClick={() => void load({ ...page, Page: 1 }).catch(() => {})}
                style={{ marginTop: 8 }}
                loading={busy === 'list'}
              >
                {t('printing.work.load')}
              </Button>
            )}
          </Form>
          {rows && (
            <Table<PrintLabelRow>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={rows.List}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (k) => setSelected(k as number[]),
                preserveSelectedRowKeys: true,
              }}
              pagination={specPagination(
                t,
                page.Page,
                page.Rows,
                rows.Total,
                (Page, Rows) => void load({ Page, Rows }).catch(() => {}),
              )}
              title={() =>
                selected.length
                  ? t('printing.work.selectedN', { n: selected.length })
                  : t('printing.work.found', { n: rows.Total })
              }
            />
          )}
        </Card>
        <Card title={t('printing.work.how')} size="small">
          <Form form={how} layout="vertical" initialValues={{ output: output ?? conf.outputs[0] }}>
            <Row gutter={12}>
              <Col span={conf.outputs.length > 1 ? 14 : 24}>
                <Form.Item name="templateId" label={t('printing.work.template')}>
                  <Select
                    options={templates.map((x) => ({
                      value: x.id,
                      label: `${x.name}${conf.kinds.length > 1 ? ` · ${t(`printing.template.kinds.${x.kind}`)}` : ''}`,
                    }))}
                  />
                </Form.Item>
              </Col>
              {conf.outputs.length > 1 && (
                <Col span={10}>
                  <Form.Item name="output" label={t('printing.work.output')}>
                    <Radio.Group
                      options={conf.outputs.map((o) => ({ value: o, label: t(`printing.work.outputs.${o}`) }))}
                    />
                  </Form.Item>
                </Col>
              )}
            </Row>
            {alignment && <Typography.Text strong>{t('printing.work.offsetTitle')}</Typography.Text>}
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item
                  name="startPosition"
                  label={t('printing.template.startPosition')}
                  tooltip={t('printing.template.startPositionHelp')}
                >
                  <InputNumber min={1} style={{ width: '100%' }} placeholder={String(template?.startPosition ?? 1)} />
                </Form.Item>
              </Col>
              {alignment && (
                <>
                  <Col span={8}>
                    <Form.Item
                      name="offsetX"
                      label={t('printing.template.offsetX')}
                      tooltip={t('printing.template.offsetHelp')}
                    >
                      <InputNumber
                        min={-50}
                        max={50}
                        step={0.5}
                        style={{ width: '100%' }}
                        placeholder={String(template?.offset.x ?? 0)}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name="offsetY" label={t('printing.template.offsetY')}>
                      <InputNumber
                        min={-50}
                        max={50}
                        step={0.5}
                        style={{ width: '100%' }}
                        placeholder={String(template?.offset.y ?? 0)}
                      />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item name="startPage" label={t('printing.work.startPage')} tooltip={t('printing.work.pagesHelp')}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="endPage" label={t('printing.work.endPage')}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Space wrap>
              <Button
                onClick={() => void doPreview().catch(() => {})}
                loading={busy === 'preview'}
                data-testid="print-preview-btn"
              >
                {t('printing.work.preview')}
              </Button>
              {canPrint && (
                <Button
                  type="primary"
                  onClick={() => void doPrint().catch(() => {})}
                  loading={busy === 'print'}
                  data-testid="print-btn"
                >
                  {t('printing.work.print')}
                </Button>
              )}
              {alignment && canPrint && (
                <Button
                  onClick={() => {
                    const n = template ? template.grid.columns * template.grid.rows : 1;
                    void doPrint({
                      source: { type: 'sample', count: Math.min(n, 200) },
                      outline: true,
                      output: 'pdf',
                    }).catch(() => {});
                  }}
                >
                  {t('printing.work.testSheet')}
                </Button>
              )}
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card
          size="small"
          title={info ? t('printing.work.pages', { pages: info.pages, total: info.total }) : t('printing.work.preview')}
        >
          {pdf && <Alert type="info" showIcon message={t('printing.work.previewNote')} style={{ marginBottom: 8 }} />}
          <PdfFrame pdf={pdf} empty={t('printing.work.previewEmpty')} />
        </Card>
      </Col>
    </Row>
  );
}
