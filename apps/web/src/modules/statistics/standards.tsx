import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { CLC_PARTS } from '@shuyuan/contracts/statistics/clc';
import {
  SCHOOL_LEVELS,
  type SchoolLevel,
  type StandardsReport,
  type StandardValues,
} from '@shuyuan/contracts/statistics/standards';
import { Button, Form, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { STAT } from './api.ts';

const NUMBERS = [
  'booksPerStudent',
  'newBooksPerStudent',
  'periodicalTitles',
  'openHoursPerWeek',
  'actualOpenHours',
  'partTolerance',
] as const;

/** The library standard's figures for one level, edited in a modal (permission collection-statistic:edit). */
function EditStandards({
  level,
  values,
  onSaved,
}: {
  level: SchoolLevel;
  values: StandardValues;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const save = async () => {
    const v = await form.validateFields();
    const { partShares, ...rest } = v;
    await api.post(`${STAT}/SaveStandards`, { level, values: { ...values, ...rest, partShares } }, { loading: true });
    notify.success(t('statistics.standards.saved'));
    setOpen(false);
    onSaved();
  };
  return (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => {
          form.setFieldsValue(values);
          setOpen(true);
        }}
      >
        {t('statistics.standards.edit')}
      </Button>
      <Modal
        open={open}
        title={t('statistics.standards.edit')}
        onOk={() => save().catch(() => {})}
        onCancel={() => setOpen(false)}
      >
        <Form form={form} layout="horizontal" labelCol={{ span: 12 }}>
          {NUMBERS.map((k) => (
            <Form.Item key={k} name={k} label={t(`statistics.standards.line.${k}`)} rules={[{ required: true }]}>
              <InputNumber min={0} style={{ width: 120 }} />
            </Form.Item>
          ))}
          {CLC_PARTS.map((p) => (
            <Form.Item key={p} name={['partShares', p]} label={t(`statistics.standards.line.part.${p}`)}>
              <InputNumber min={0} max={100} addonAfter="%" style={{ width: 140 }} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}

/** The standards report: each figure of the school beside the standard of its level, met or not. */
export function StandardsPanel() {
  const { t } = useTranslation();
  const canEdit = usePermission('collection-statistic:edit');
  const [level, setLevel] = useState<SchoolLevel | undefined>();
  const [data, setData] = useState<StandardsReport | null>(null);
  const load = useCallback(() => {
    api
      .post<StandardsReport>(`${STAT}/Standards`, level ? { level } : {})
      .then(setData)
      .catch(() => {});
  }, [level]);
  useEffect(() => load(), [load]);
  const unit = (key: string) => (key.startsWith('part.') ? '%' : '');
  return (
    <div className="stat-print" data-testid="standards">
      <Space className="stat-noprint" style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ width: 160 }}
          value={data?.level}
          onChange={setLevel}
          data-testid="standards-level"
          options={SCHOOL_LEVELS.map((l) => ({ value: l, label: t(`statistics.standards.level.${l}`) }))}
        />
        {canEdit && data && <EditStandards level={data.level} values={data.values} onSaved={load} />}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('statistics.toolbar.print')}
        </Button>
      </Space>
      {data && (
        <Typography.Paragraph type="secondary">
          {t('statistics.standards.students', { count: data.students })}
        </Typography.Paragraph>
      )}
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={data?.lines ?? []}
        columns={[
          {
            title: t('statistics.standards.item'),
            dataIndex: 'key',
            render: (k: string) => t(`statistics.standards.line.${k}`),
          },
          {
            title: t('statistics.standards.actual'),
            dataIndex: 'actual',
            render: (v: number, r) => `${v}${unit(r.key)}`,
          },
          {
            title: t('statistics.standards.standard'),
            dataIndex: 'standard',
            render: (v: number, r) => `${v}${unit(r.key)}`,
          },
          {
            title: t('statistics.standards.result'),
            dataIndex: 'met',
            render: (met: boolean) => (
              <Tag color={met ? 'green' : 'red'}>
                {t(met ? 'statistics.standards.met' : 'statistics.standards.notMet')}
              </Tag>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('statistics.standards.note')}
      </Typography.Paragraph>
    </div>
  );
}
