import { P } from '@shuyuan/contracts/common/paths';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { usePaged } from './use-paged.ts';

export interface LogScreen<R> {
  /** Entity of P/Log/Get<entity>List and P/Log/Export<entity>. */
  entity: string;
  permission: string;
  columns: TableColumnsType<R>;
  /** Which filters the search form shows besides the time range and the keyword. */
  filters: ('account' | 'action' | 'success')[];
  /** i18n key of the placeholder of the action filter. */
  actionLabel?: string;
  detail: (row: R) => { label: string; value: ReactNode }[];
}

interface FilterValues {
  range?: [Dayjs, Dayjs];
  SearchKey?: string;
  Account?: string;
  Action?: string;
  Success?: boolean;
}

/** A read-only log screen: filters, spec pagination, a detail drawer and export as a background task. */
export function LogList<R extends { id: number }>({ def }: { def: LogScreen<R> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const list = usePaged<R>(`${P}/Log/Get${def.entity}List`);
  const [open, setOpen] = useState<R | null>(null);
  const canExport = usePermission(`${def.permission}:export`);

  const toBody = (v: FilterValues) => ({
    SearchKey: v.SearchKey || undefined,
    Account: v.Account || undefined,
    Action: v.Action || undefined,
    Success: v.Success,
    StartTime: v.range?.[0]?.startOf('day').toISOString(),
    EndTime: v.range?.[1]?.add(1, 'day').startOf('day').toISOString(),
  });
  const exportNow = async () => {
    const r = await api.post<{ DataID: number; FileName: string }>(`${P}/Log/Export${def.entity}`, list.filters);
    downloads.track({ id: r.DataID, fileName: r.FileName });
  };

  return (
    <Card>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => list.search(toBody(v))}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="range" label={t('logs.filter.time')}>
          <DatePicker.RangePicker />
        </Form.Item>
        {def.filters.includes('account') && (
          <Form.Item name="Account">
            <Input allowClear placeholder={t('logs.filter.account')} />
          </Form.Item>
        )}
        {def.filters.includes('action') && (
          <Form.Item name="Action">
            <Input allowClear placeholder={t(def.actionLabel ?? 'logs.filter.action')} />
          </Form.Item>
        )}
        {def.filters.includes('success') && (
          <Form.Item name="Success">
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('logs.filter.result')}
              options={[
                { value: true, label: t('logs.success') },
                { value: false, label: t('logs.failure') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="SearchKey">
          <Input allowClear placeholder={t('logs.filter.keyword')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              list.search({});
            }}
          >
            {t('common.reset')}
          </Button>
          {canExport && <Button onClick={() => void exportNow()}>{t('common.export')}</Button>}
        </Space>
      </Form>
      <Table<R>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.List}
        columns={[
          ...def.columns,
          {
            key: 'op',
            title: t('common.operation'),
            width: 90,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpen(row)}>
                {t('logs.detail')}
              </Button>
            ),
          },
        ]}
        pagination={specPagination(t, list.Page, list.Rows, list.Total, list.setPage)}
        scroll={{ x: 'max-content' }}
      />
      <Drawer open={!!open} width={640} title={t('logs.detail')} onClose={() => setOpen(null)}>
        {open && (
          <Descriptions column={1} bordered size="small">
            {def.detail(open).map((d) => (
              <Descriptions.Item key={d.label} label={t(d.label)}>
                {d.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </Card>
  );
}

export const Pre = ({ children }: { children: ReactNode }) => (
  <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, maxHeight: 400, overflow: 'auto' }}>
    {children}
  </pre>
);
