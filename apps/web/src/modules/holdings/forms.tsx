import { CIRC_STATES } from '@shuyuan/contracts/catalogue/copy-state';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { type Opt, useBatches, useBranches, useEnums, useLocations, useResourceTypes } from './shared.tsx';

const sel = (options: { value: unknown; label: string }[], t: (k: string) => string) => (
  <Select
    allowClear
    showSearch
    optionFilterProp="label"
    options={options as Opt[]}
    placeholder={t('holdings.common.unchanged')}
  />
);

/**
 * The fields a bulk edit may set (under `set`). Left empty = unchanged. Prices in yuan.
 */
export function PatchFields() {
  const { t } = useTranslation();
  const branches = useBranches();
  const locations = useLocations();
  const batches = useBatches();
  const types = useResourceTypes();
  const { stores, states } = useEnums();
  const item = (name: string, control: React.ReactNode) => (
    <Col xs={24} sm={12} lg={8} key={name}>
      <Form.Item name={['set', name]} label={t(`holdings.field.${name}`)}>
        {control}
      </Form.Item>
    </Col>
  );
  const text = <Input allowClear placeholder={t('holdings.common.unchanged')} />;
  const money = (
    <InputNumber min={0} precision={2} style={{ width: '100%' }} placeholder={t('holdings.common.unchanged')} />
  );
  return (
    <Row gutter={16}>
      {item('locationId', sel(locations, t))}
      {item('branchId', sel(branches, t))}
      {item('shelfMark', text)}
      {item('callNo', text)}
      {item('additionalNo', text)}
      {item('storeType', sel(stores, t))}
      {item('circState', sel(states, t))}
      {item('unitPrice', money)}
      {item('discountPrice', money)}
      {item('batchId', sel(batches, t))}
      {item('resourceTypeId', sel(types, t))}
    </Row>
  );
}

/** The form's `set` without the fields left empty. */
export function patchOf(set: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(set ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** Conditions on copies (under `filter`): batch, branch, location, class and barcode ranges, date added, state. */
export function FilterFields() {
  const { t } = useTranslation();
  const branches = useBranches();
  const locations = useLocations();
  const batches = useBatches();
  const { stores } = useEnums();
  const states = CIRC_STATES.map((s) => ({ value: s, label: t(`holdings.state.${s}`) }));
  const any = (options: { value: unknown; label: string }[]) => (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      options={options as Opt[]}
      placeholder={t('holdings.common.any')}
    />
  );
  const item = (name: string, control: React.ReactNode, span = 8) => (
    <Col xs={24} sm={12} lg={span} key={name}>
      <Form.Item name={['filter', name]} label={t(`holdings.filter.${name}`)}>
        {control}
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {item('batchId', any(batches))}
      {item('branchId', any(branches))}
      {item('locationId', any(locations))}
      {item('classFrom', <Input allowClear placeholder="I" />)}
      {item('classTo', <Input allowClear placeholder="I247" />)}
      {item('added', <DatePicker.RangePicker style={{ width: '100%' }} />)}
      {item('barcodeFrom', <Input allowClear />)}
      {item('barcodeTo', <Input allowClear />)}
      {item('circState', any(states))}
      {item('storeType', any(stores))}
    </Row>
  );
}

/** The form's `filter` as the API wants it (dates as YYYY-MM-DD, empty conditions left out). */
export function filterOf(f: Record<string, unknown> | undefined): Record<string, unknown> {
  const { added, ...rest } = f ?? {};
  const range = added as [Dayjs, Dayjs] | undefined;
  return {
    ...patchOf(rest),
    ...(range ? { addedFrom: range[0].format('YYYY-MM-DD'), addedTo: range[1].format('YYYY-MM-DD') } : {}),
  };
}
