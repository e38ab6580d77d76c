import { BINDING_SCREENS, type BindIssueRow, type BindResult } from '@shuyuan/contracts/serials/binding';
import { P } from '@shuyuan/contracts/common/paths';
import type { SerialKind } from '@shuyuan/contracts/serials/pattern';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/** Routes and permission code of a kind's binding screen. */
export function bindingOf(kind: SerialKind) {
  const s = BINDING_SCREENS[kind];
  return { ...s, base: `${P}/Serials/${s.area}` };
}

export interface BindOptions {
  titles: { id: number; title: string; issn: string | null }[];
  locations: { id: number; name: string }[];
}

const STATE_COLOR: Record<string, string> = {
  arrived: 'green',
  expected: 'default',
  claimed: 'orange',
  missing: 'volcano',
};

/**
 * Picks a title and year, shows its issues (copies on the shelf, bound, the volumes), and binds a range of them.
 * The range starts as the arrived issues that still have a copy to bind.
 */
export function BindForm({
  kind,
  options,
  canBind,
  onBound,
}: {
  kind: SerialKind;
  options: BindOptions;
  canBind: boolean;
  onBound: (r: BindResult) => void;
}) {
  const { t } = useTranslation();
  const { base } = bindingOf(kind);
  const [form] = Form.useForm();
  const titleId: number | undefined = Form.useWatch('titleId', form);
  const year: number | undefined = Form.useWatch('year', form);
  const [issues, setIssues] = useState<BindIssueRow[]>([]);
  const [busy, setBusy] = useState(false);

  const loadIssues = useCallback(() => {
    if (!titleId || !year) return setIssues([]);
    api
      .post<BindIssueRow[]>(`${base}/GetBindIssues`, { titleId, year })
      .then((rows) => {
        setIssues(rows);
        const open = rows.filter((r) => r.bindable > 0 && r.issueNo != null).map((r) => r.issueNo as number);
        form.setFieldsValue({
          fromIssue: open.length ? Math.min(...open) : undefined,
          toIssue: open.length ? Math.max(...open) : undefined,
        });
      })
      .catch(() => setIssues([]));
  }, [base, form, titleId, year]);
  useEffect(loadIssues, [loadIssues]);

  const titleOptions = useMemo(
    () => options.titles.map((o) => ({ value: o.id, label: o.issn ? `${o.title} (${o.issn})` : o.title })),
    [options.titles],
  );

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await api.post<BindResult>(`${base}/BindVolume`, v, { showError: false });
      notify.success(t('serialsBinding.done', { barcode: r.volume.barcode, count: r.volume.issues }));
      if (r.missing.length) notify.info(t('serialsBinding.boundWithout', { issues: r.missing.join(', ') }));
      form.setFieldsValue({ barcode: '', callNo: '', price: null, note: '', allowMissing: false });
      loadIssues();
      onBound(r);
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form
        form={form}
        layout="inline"
        className="sy-bind-form"
        initialValues={{ year: new Date().getFullYear(), allowMissing: false }}
        style={{ rowGap: 12, marginBottom: 12 }}
      >
        <Form.Item
          name="titleId"
          label={t('serialsBinding.title')}
          rules={[{ required: true, message: t('serialsBinding.titleRequired') }]}
        >
          <Select
            className="sy-bind-title"
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            options={titleOptions}
            placeholder={t('serialsBinding.titlePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="year" label={t('serialsBinding.year')} rules={[{ required: true }]}>
          <InputNumber min={1900} max={2200} precision={0} />
        </Form.Item>
        <Form.Item
          name="fromIssue"
          label={t('serialsBinding.fromIssue')}
          rules={[{ required: true, message: t('serialsBinding.fromRequired') }]}
        >
          <InputNumber className="sy-bind-from" min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item
          name="toIssue"
          label={t('serialsBinding.toIssue')}
          rules={[{ required: true, message: t('serialsBinding.toRequired') }]}
        >
          <InputNumber className="sy-bind-to" min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="locationId" label={t('serialsBinding.location')}>
          <Select
            allowClear
            style={{ width: 180 }}
            options={options.locations.map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="barcode" label={t('serialsBinding.barcode')} tooltip={t('serialsBinding.barcodeHint')}>
          <Input className="sy-bind-barcode" style={{ width: 160 }} maxLength={40} />
        </Form.Item>
        <Form.Item name="callNo" label={t('serialsBinding.callNo')} tooltip={t('serialsBinding.callNoHint')}>
          <Input style={{ width: 180 }} maxLength={100} />
        </Form.Item>
        <Form.Item name="price" label={t('serialsBinding.price')} tooltip={t('serialsBinding.priceHint')}>
          <InputNumber min={0} max={1000000} precision={2} />
        </Form.Item>
        <Form.Item name="note" label={t('serialsBinding.note')}>
          <Input style={{ width: 200 }} maxLength={200} />
        </Form.Item>
        <Form.Item name="allowMissing" valuePropName="checked">
          <Checkbox>{t('serialsBinding.allowMissing')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            className="sy-bind-submit"
            loading={busy}
            disabled={!canBind}
            onClick={() => void submit()}
          >
            {t('serialsBinding.bind')}
          </Button>
        </Form.Item>
      </Form>
      {!options.titles.length && <Alert type="info" showIcon message={t('serialsBinding.noTitles')} />}
      {!!titleId && (
        <Table<BindIssueRow>
          className="sy-bind-issues"
          size="small"
          rowKey="id"
          dataSource={issues}
          pagination={false}
          scroll={{ y: 320 }}
          columns={[
            { title: t('serialsBinding.col.issue'), dataIndex: 'label' },
            { title: t('serialsBinding.col.expected'), dataIndex: 'expectedDate', width: 120 },
            {
              title: t('serialsBinding.col.state'),
              width: 100,
              render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`serialsArrival.state.${r.state}`)}</Tag>,
            },
            { title: t('serialsBinding.col.arrived'), dataIndex: 'arrivedCopies', width: 90 },
            { title: t('serialsBinding.col.bindable'), dataIndex: 'bindable', width: 110 },
            { title: t('serialsBinding.col.bound'), dataIndex: 'bound', width: 90 },
            {
              title: t('serialsBinding.col.volumes'),
              render: (_, r) => (
                <Space size={4} wrap>
                  {r.volumes.map((b) => (
                    <Tag key={b}>{b}</Tag>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
