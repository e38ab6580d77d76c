import {
  BARCODE_TYPES,
  type LabelKind,
  LabelTemplate,
  PRINT_ITEMS,
  PageSizeName,
} from '@shuyuan/contracts/printing/label-template';
import { TEMPLATE_SCREEN, type PrintPreview, type TemplateDto } from '@shuyuan/contracts/printing/print-api';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  List,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../app/auth/permission.tsx';
import { useSession } from '../../app/auth/session.ts';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { PR, useTemplates } from './api.ts';
import { PdfFrame } from './pdf-frame.tsx';

type Values = Omit<TemplateDto, 'id'> & { id?: number };

const num = (min: number, max: number, step = 0.5) => (
  <InputNumber min={min} max={max} step={step} style={{ width: '100%' }} />
);

function blank(kind: LabelKind, from?: TemplateDto): Values {
  const base = from ?? {
    name: '',
    kind,
    isDefault: false,
    page: { size: 'A4' as const, width: 210, height: 297 },
    label: { width: 60, height: 30 },
    grid: { columns: 3, rows: 8 },
    margins: { top: 10, left: 10 },
    gaps: { x: 2, y: 2 },
    offset: { x: 0, y: 0 },
    startPosition: 1,
    fontSize: 10,
    barcodeType: 'code128' as const,
    items: kind === 'spine' ? ['callNumber' as const] : ['barcode' as const, 'barcodeText' as const],
  };
  const { id: _id, ...rest } = base as TemplateDto;
  return { ...rest, kind, isDefault: false, name: from ? `${from.name} (2)` : '' };
}

/**
 * Label templates of some kinds: a list, the form (page, label size, grid, margins, gaps, offsets, start
 * position, font, barcode type, print items) and a live PDF preview with sample data as the form changes.
 */
export function TemplateEditor({ kinds }: { kinds: LabelKind[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const ops = useSession().operations;
  const can = (kind: LabelKind, op: 'add' | 'edit' | 'delete') => hasPermission(`${TEMPLATE_SCREEN[kind]}:${op}`, ops);
  const { list, reload } = useTemplates(kinds);
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Values | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  const [problem, setProblem] = useState<string>('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const size = Form.useWatch(['page', 'size'], form);
  const kind: LabelKind = Form.useWatch('kind', form) ?? editing?.kind ?? kinds[0];
  const readOnly = editing ? !can(editing.kind, editing.id ? 'edit' : 'add') : true;

  useEffect(() => {
    if (!editing && list.length) setEditing(list.find((x) => x.isDefault) ?? list[0]);
  }, [list, editing]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form (and preview) only when another template is opened
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing);
    refresh();
  }, [editing]);

  /** Re-renders the preview a moment after the last change, when the values form a valid template. */
  function refresh() {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const v = form.getFieldsValue(true) as Values;
      const parsed = LabelTemplate.safeParse(v);
      if (!parsed.success) {
        setProblem(t(parsed.error.issues[0].message, { defaultValue: parsed.error.issues[0].message }));
        return;
      }
      setProblem('');
      try {
        const r = await api.post<PrintPreview>(
          `${PR}/PreviewTemplate`,
          { template: parsed.data },
          { showError: false },
        );
        setPdf(r.pdf);
      } catch (e) {
        setProblem(e instanceof Error ? e.message : String(e));
      }
    }, 600);
  }

  /** An edited field loses its old error; the preview follows the form. */
  function onChange(changed: Record<string, unknown>) {
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, at: (string | number)[]) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
      else paths.push(at);
    };
    walk(changed, []);
    form.setFields(paths.map((name) => ({ name: name as never, errors: [] })));
    refresh();
  }

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    try {
      const saved = await api.post<TemplateDto>(`${PR}/SaveTemplate`, { ...v, id: editing?.id });
      notify.success(t('printing.template.saved'));
      await reload();
      setEditing(saved);
    } catch (e) {
      fieldErrors(form, e);
    }
  };

  const remove = (x: TemplateDto) =>
    modal.confirm({
      title: t('printing.template.deleteConfirm', { name: x.name }),
      onOk: async () => {
        await api.post(`${PR}/DeleteTemplate`, { ids: [x.id] });
        setEditing(null);
        await reload();
      },
    });

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card
          size="small"
          title={t('printing.template.title')}
          extra={
            kinds.some((k) => can(k, 'add')) && (
              <Button size="small" type="primary" onClick={() => setEditing(blank(kinds.find((k) => can(k, 'add'))!))}>
                {t('printing.template.new')}
              </Button>
            )
          }
        >
          <List
            size="small"
            dataSource={list}
            renderItem={(x) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: editing?.id === x.id ? '#e6f4ff' : undefined,
                  paddingInline: 8,
                }}
                onClick={() => setEditing(x)}
                actions={[
                  can(x.kind, 'add') && (
                    <Typography.Link
                      key="copy"
                      onClick={(e) => {
                        e.stopPropagation();
                        setEditing(blank(x.kind, x));
                      }}
                    >
                      {t('printing.template.copy')}
                    </Typography.Link>
                  ),
                  can(x.kind, 'delete') && (
                    <Typography.Link
                      key="del"
                      type="danger"
                      onClick={(e) => {
                        e.stopPropagation();
                        remove(x);
                      }}
                    >
                      {t('kit.action.delete')}
                    </Typography.Link>
                  ),
                ].filter(Boolean)}
              >
                <Space direction="vertical" size={0}>
                  <span>
                    {x.name} {x.isDefault && <Tag color="blue">{t('printing.template.default')}</Tag>}
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {kinds.length > 1 && `${t(`printing.template.kinds.${x.kind}`)} · `}
                    {x.grid.columns}×{x.grid.rows} · {x.label.width}×{x.label.height} mm
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={editing?.name || t('printing.template.new')}>
          <Form form={form} layout="vertical" disabled={readOnly} onValuesChange={onChange} size="small">
            <Row gutter={8}>
              <Col span={14}>
                <Form.Item name="name" label={t('printing.template.name')} required>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="kind" label={t('printing.template.kind')}>
                  <Select
                    disabled={!!editing?.id || kinds.length === 1}
                    options={kinds.map((k) => ({ value: k, label: t(`printing.template.kinds.${k}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name={['page', 'size']} label={t('printing.template.page')}>
                  <Select options={PageSizeName.options.map((s) => ({ value: s, label: s }))} />
                </Form.Item>
              </Col>
              {size === 'custom' && (
                <>
                  <Col span={8}>
                    <Form.Item name={['page', 'width']} label={t('printing.template.pageWidth')}>
                      {num(10, 1000)}
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name={['page', 'height']} label={t('printing.template.pageHeight')}>
                      {num(10, 1000)}
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
            <Row gutter={8}>
              {(
                [
                  [['label', 'width'], 'labelWidth', 5, 500],
                  [['label', 'height'], 'labelHeight', 5, 500],
                  [['grid', 'columns'], 'columns', 1, 20, 1],
                  [['grid', 'rows'], 'rows', 1, 50, 1],
                  [['margins', 'top'], 'marginTop', 0, 200],
                  [['margins', 'left'], 'marginLeft', 0, 200],
                  [['gaps', 'x'], 'gapX', 0, 100],
                  [['gaps', 'y'], 'gapY', 0, 100],
                  [['offset', 'x'], 'offsetX', -50, 50],
                  [['offset', 'y'], 'offsetY', -50, 50],
                  [['startPosition'], 'startPosition', 1, 1000, 1],
                  [['fontSize'], 'fontSize', 4, 72, 1],
                ] as [string[], string, number, number, number?][]
              ).map(([name, label, min, max, step]) => (
                <Col span={8} key={label}>
                  <Form.Item
                    name={name}
                    label={t(`printing.template.${label}`)}
                    tooltip={label.startsWith('offset') ? t('printing.template.offsetHelp') : undefined}
                  >
                    {num(min, max, step)}
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item name="barcodeType" label={t('printing.template.barcodeType')}>
              <Select options={BARCODE_TYPES.map((b) => ({ value: b, label: b }))} />
            </Form.Item>
            <Form.Item name="items" label={t('printing.template.items')} extra={t('printing.template.itemsHelp')}>
              <Select
                mode="multiple"
                options={PRINT_ITEMS.filter(
                  (i) => kind === 'readerCard' || !['readerName', 'readerClass', 'photo'].includes(i),
                ).map((i) => ({ value: i, label: t(`printing.template.itemNames.${i}`) }))}
              />
            </Form.Item>
            <Form.Item name="isDefault" label={t('printing.template.isDefault')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {!readOnly && (
              <Button type="primary" onClick={() => void save().catch(() => {})} data-testid="template-save">
                {t('kit.form.save')}
              </Button>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Card size="small" title={t('printing.template.preview')}>
          <Typography.Paragraph type={problem ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
            {problem || t('printing.template.previewHint')}
          </Typography.Paragraph>
          <PdfFrame pdf={pdf} empty={t('printing.work.previewEmpty')} height={560} />
        </Card>
      </Col>
    </Row>
  );
}
