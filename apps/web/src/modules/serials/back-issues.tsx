import { P } from '@shuyuan/contracts/common/paths';
import type { BackIssueRow } from '@shuyuan/contracts/serials/statistics';
import { Button, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { fmtMinute } from '../../kit/time.ts';
import { issueText } from './checkin-shared.tsx';

interface Query {
  SearchKey: string;
  kind?: string;
  year?: number;
  issueNo?: number;
  Page: number;
  Rows: number;
}

/** The back-issues tab of /magazinelibrary: where each arrived issue is — on the shelf, out, or bound. */
export function BackIssues() {
  const { t } = useTranslation();
  const [q, setQ] = useState<Query>({ SearchKey: '', Page: 1, Rows: 20 });
  const [data, setData] = useState<{ List: BackIssueRow[]; Total: number }>({ List: [], Total: 0 });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    api
      .post<{ List: BackIssueRow[]; Total: number }>(`${P}/Serials/GetBackIssues`, q)
      .then(setData)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [q]);

  return (
    <>
      <Form
        layout="inline"
        className="sy-back-issues-form"
        style={{ rowGap: 8, marginBottom: 12 }}
        onFinish={(v) => setQ((o) => ({ ...o, ...v, SearchKey: v.SearchKey ?? '', Page: 1 }))}
      >
        <Form.Item name="SearchKey">
          <Input allowClear style={{ width: 240 }} placeholder={t('serialsStats.back.search')} />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('serials.title.kind')}
            options={['magazine', 'newspaper'].map((k) => ({ value: k, label: t(`serials.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="year">
          <InputNumber placeholder={t('serialsStats.back.year')} min={1900} max={2200} precision={0} />
        </Form.Item>
        <Form.Item name="issueNo">
          <InputNumber placeholder={t('serialsStats.back.issueNo')} min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" className="sy-back-issues-search">
            {t('serialsStats.back.find')}
          </Button>
        </Form.Item>
      </Form>
      <Table<BackIssueRow>
        className="sy-back-issues"
        size="small"
        rowKey="issueId"
        loading={loading}
        dataSource={data.List}
        pagination={{
          current: q.Page,
          pageSize: q.Rows,
          total: data.Total,
          onChange: (Page, Rows) => setQ((o) => ({ ...o, Page, Rows })),
        }}
        columns={[
          { title: t('serialsStats.col.title'), dataIndex: 'title', ellipsis: true },
          { title: t('serialsStats.back.issue'), render: (_, r) => issueText(t, r) },
          { title: t('serialsStats.back.arrivedAt'), width: 150, render: (_, r) => fmtMinute(r.arrivedAt) },
          {
            title: t('serialsStats.back.onShelf'),
            render: (_, r) => (
              <Space size={4} wrap>
                <span>{r.onShelf}</span>
                {r.locations.map((l) => (
                  <Tag key={l}>{l}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('serialsStats.back.out'), dataIndex: 'out', width: 80 },
          {
            title: t('serialsStats.back.bound'),
            render: (_, r) => (
              <Space size={4} wrap>
                <span>{r.bound}</span>
                {r.volumes.map((b) => (
                  <Tag key={b} color="blue">
                    {b}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
