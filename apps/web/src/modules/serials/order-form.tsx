import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { type OrderDto, OrderSave } from '@shuyuan/contracts/serials/order';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { validate } from '../../kit/convert.ts';

interface TitleOption {
  id: number;
  title: string;
  issn: string | null;
  postalCode: string | null;
  pricePerYearFen: number | null;
}
interface Values {
  titleId?: number;
  year: number;
  copies: number;
  supplier: string;
  orderNo: string;
  totalYuan?: number | null;
  places: { locationId?: number; copies?: number }[];
  note: string;
}

const S = `${P}/Serials`;

/** Add or edit a year's order: title, copies, places (location → copies, never more than ordered), money. */
export function OrderForm({
  open,
  row,
  year,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: OrderDto | null;
  year: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [titles, setTitles] = useState<TitleOption[]>([]);
  const [places, setPlaces] = useState<{ id: number; name: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const copies = Form.useWatch('copies', form) ?? 0;
  const given = (Form.useWatch('places', form) ?? []).reduce((a, p) => a + (Number(p?.copies) || 0), 0);

  const searchTitles = useCallback(
    (SearchKey = '') =>
      api
        .post<TitleOption[]>(`${S}/OrderTitleOptions`, { SearchKey, Rows: 50 })
        .then(setTitles)
        .catch(() => {}),
    [],
  );
  useEffect(() => {
    if (!open) return;
    void searchTitles(row?.title ?? '');
    void api
      .post<{ id: number; name: string }[]>(`${S}/OrderPlaceOptions`, {})
      .then(setPlaces)
      .catch(() => {});
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            titleId: row.titleId,
            year: row.year,
            copies: row.copies,
            supplier: row.supplier,
            orderNo: row.orderNo,
            totalYuan: row.totalPriceFen == null ? null : row.totalPriceFen / 100,
            places: row.places.map((p) => ({ locationId: p.locationId, copies: p.copies })),
            note: row.note,
          }
        : { year, copies: 1, supplier: t('serials.order.supplierDefault'), orderNo: '', places: [], note: '' },
    );
  }, [open, row, year, form, t, searchTitles]);

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const body = {
      id: row?.id,
      titleId: v.titleId,
      year: v.year,
      copies: v.copies,
      supplier: v.supplier ?? '',
      orderNo: v.orderNo ?? '',
      totalPriceFen: v.totalYuan == null ? null : Math.round(v.totalYuan * 100),
      places: (v.places ?? []).map((p) => ({ locationId: p.locationId, copies: p.copies })),
      note: v.note ?? '',
    };
    const tr = (m: string) => (i18n.exists(m) ? t(m) : m);
    const issues = validate(OrderSave, body, i18n.language);
    form.setFields((['titleId', 'year', 'copies', 'places'] as const).map((name) => ({ name, errors: [] })));
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.path.split('.')[0], errors: [tr(i.message)] })) as any);
      return;
    }
    setSaving(true);
    try {
      await api.post(`${S}/${row ? 'UpdateOrder' : 'AddOrder'}`, body, { showError: false });
      notify.success(t('kit.saved'));
      onSaved();
    } catch (e) {
      if (!fieldErrors(form, e) && e instanceof ApiError && e.msg) notify.error(e.msg);
    } finally {
      setSaving(false);
    }
  };

  const titleLabel = (o: TitleOption) => [o.postalCode, o.title, o.issn].filter(Boolean).join('  ');
  return (
    <Modal
      open={open}
      title={t(row ? 'serials.order.editTitle' : 'serials.order.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('kit.form.save')}
      cancelText={t('kit.form.cancel')}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" className="sy-order-form">
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item name="titleId" label={t('serials.order.title')} required>
              <Select
                showSearch
                filterOption={false}
                onSearch={(s) => void searchTitles(s)}
                disabled={!!row}
                options={titles.map((o) => ({ value: o.id, label: titleLabel(o) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="year" label={t('serials.order.year')} required>
              <InputNumber min={2000} max={2100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="copies" label={t('serials.order.copies')} required>
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="totalYuan" label={t('serials.order.total')} extra={t('serials.order.totalHint')}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} addonAfter={t('serials.common.yuan')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="supplier" label={t('serials.order.supplier')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="orderNo" label={t('serials.order.orderNo')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="note" label={t('serials.order.note')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('serials.order.places')}
          extra={
            <Typography.Text type={given > copies ? 'danger' : 'secondary'}>
              {t('serials.order.placesLeft', { given, copies })}
            </Typography.Text>
          }
        >
          <Form.List name="places">
            {(items, { add, remove }, { errors }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="baseline" className="sy-order-place">
                    <Form.Item name={[item.name, 'locationId']} style={{ marginBottom: 8 }}>
                      <Select
                        style={{ width: 240 }}
                        placeholder={t('serials.order.place')}
                        options={places.map((p) => ({ value: p.id, label: p.name }))}
                      />
                    </Form.Item>
                    <Form.Item name={[item.name, 'copies']} style={{ marginBottom: 8 }}>
                      <InputNumber min={1} precision={0} placeholder={t('serials.order.placeCopies')} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(item.name)}
                      aria-label={t('serials.common.delete')}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ copies: 1 })}>
                  {t('serials.order.addPlace')}
                </Button>
                <Form.ErrorList className="sy-order-places-error" errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
