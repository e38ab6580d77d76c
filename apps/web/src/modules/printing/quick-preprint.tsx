import {
  DIRECT_PRINT_MAX,
  PRINT_SCREENS,
  type PreprintRangeDto,
  PreprintRangeSave,
  type PrintOutput,
  type PrintPreview,
} from '@shuyuan/contracts/printing/print-api';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { PR, printCall, useBarcodeRules, useTemplates } from './api.ts';
import { PdfFrame } from './pdf-frame.tsx';
import { RangeCheck } from './range-check.tsx';

const SCREEN = 'barcode-prepriting2';

/**
 * /barcode-prepriting2: one form from numbers to labels — the range (filled from the book barcode rule),
 * reserve it or not, template and output (PDF or HP-GL), preview, print.
 */
export function QuickPreprint() {
  const { t } = useTranslation();
  const canPrint = usePermission(`${SCREEN}:print`);
  const canReserve = usePermission('barcode-prepriting:add');
  const { list } = useTemplates(['barcode']);
  const rule = useBarcodeRules().rules.find((r) => r.kind === 'book' && r.enabled);
  const [form] = Form.useForm();
  const [pdf, setPdf] = useState<string | null>(null);
  const [info, setInfo] = useState<PrintPreview | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!form.getFieldValue('templateId') && list.length)
      form.setFieldValue('templateId', (list.find((x) => x.isDefault) ?? list[0]).id);
  }, [list, form]);

  const fromRule = async () => {
    if (!rule) return;
    const [next] = await api.post<string[]>(`${PR}/NextBarcodes`, { count: 1 });
    const body = next.slice(rule.prefix.length, rule.checkDigit ? -1 : undefined);
    form.setFieldsValue({
      prefix: rule.prefix,
      width: rule.length ? body.length : 0,
      checkDigit: rule.checkDigit,
      start: Number(body),
      end: Number(body) + 99,
    });
  };

  const range = () => {
    const v = form.getFieldsValue();
    const parsed = PreprintRangeSave.safeParse(v);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return null;
    }
    return { v, range: parsed.data };
  };
  const body = (v: Record<string, any>, source: object) => ({
    screen: SCREEN,
    templateId: v.templateId,
    output: v.output as PrintOutput,
    startPosition: v.startPosition || undefined,
    source,
  });

  const preview = async () => {
    const r = range();
    if (!r) return;
    const p = await printCall((o) =>
      api.post<PrintPreview>(`${PR}/Preview`, { ...body(r.v, { type: 'range', range: r.range }), output: 'pdf' }, o),
    );
    setInfo(p);
    setPdf(p.pdf);
  };

  const print = async () => {
    const r = range();
    if (!r) return;
    setBusy(true);
    try {
      let source: object = { type: 'range', range: r.range };
      if (r.v.reserve && canReserve) {
        const saved = await api.post<PreprintRangeDto>(`${PR}/AddPreprintRange`, r.range);
        source = { type: 'preprint', rangeId: saved.id };
      }
      const b = body(r.v, source);
      if (r.range.end - r.range.start + 1 > DIRECT_PRINT_MAX) {
        const job = await printCall((o) => api.post<{ DataID: number; FileName: string }>(`${PR}/PrintJob`, b, o));
        downloads.track({ id: job.DataID, fileName: job.FileName });
        notify.success(t('printing.work.jobStarted'));
      } else await printCall((o) => api.download(`${PR}/PrintFile`, b, o));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={11}>
        <Alert type="info" showIcon message={t('printing.preprint.text')} style={{ marginBottom: 16 }} />
        <Card size="small" title={t('printing.range.quickTitle')}>
          <Form
            form={form}
            layout="vertical"
            onValuesChange={(c) => form.setFields(Object.keys(c).map((name) => ({ name, errors: [] })))}
            initialValues={{ prefix: '', width: 0, checkDigit: false, reserve: canReserve, output: 'pdf' }}
          >
            {rule && (
              <Button size="small" onClick={() => void fromRule().catch(() => {})} style={{ marginBottom: 12 }}>
                {t('printing.range.useRule')}
              </Button>
            )}
            <Space wrap>
              <Form.Item name="prefix" label={t('printing.range.prefix')}>
                <Input maxLength={10} style={{ width: 110 }} />
              </Form.Item>
              <Form.Item name="start" label={t('printing.range.start')} required>
                <InputNumber min={0} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name="end" label={t('printing.range.end')} required>
                <InputNumber min={0} style={{ width: 130 }} />
              </Form.Item>
              <Form.Item name="width" label={t('printing.range.width')} tooltip={t('printing.range.widthHelp')}>
                <InputNumber min={0} max={20} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name="checkDigit" label={t('printing.range.checkDigit')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <RangeCheck form={form} />
            {canReserve && (
              <Form.Item name="reserve" valuePropName="checked" label={t('printing.range.reserve')}>
                <Switch />
              </Form.Item>
            )}
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="templateId" label={t('printing.work.template')}>
                  <Select options={list.map((x) => ({ value: x.id, label: x.name }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="startPosition" label={t('printing.template.startPosition')}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="output" label={t('printing.work.output')}>
              <Radio.Group
                options={PRINT_SCREENS[SCREEN].outputs.map((o) => ({
                  value: o,
                  label: t(`printing.work.outputs.${o}`),
                }))}
              />
            </Form.Item>
            <Space>
              <Button onClick={() => void preview().catch(() => {})}>{t('printing.work.preview')}</Button>
              {canPrint && (
                <Button type="primary" loading={busy} onClick={() => void print().catch(() => {})}>
                  {t('printing.work.print')}
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
          <PdfFrame pdf={pdf} empty={t('printing.work.previewEmpty')} />
        </Card>
      </Col>
    </Row>
  );
}
