import { P } from '@shuyuan/contracts/common/paths';
import type { FeedbackDto } from '@shuyuan/contracts/feedback/feedback';
import { App, Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useColumns } from '../logs/columns.ts';
import { fmtTime } from '../../kit/time.ts';
import { usePaged } from '../logs/use-paged.ts';
import { FeedbackDetail, stateTag } from './feedback-detail.tsx';
import { FeedbackForm } from './feedback-form.tsx';

/** /feedback: users send feedback (work orders); administrators reply and complete them. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const list = usePaged<FeedbackDto>(`${P}/Feedback/GetFeedbackList`);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<FeedbackDto | null>(null);
  const canAdd = usePermission('feedback:add');
  const canDelete = usePermission('feedback:delete');

  const remove = (row: FeedbackDto) =>
    modal.confirm({
      title: t('common.confirmDelete'),
      onOk: async () => {
        await api.post(`${P}/Feedback/DeleteFeedback`, { ids: [row.id] });
        list.reload();
      },
    });
  const columns = useColumns<FeedbackDto>([
    ['feedback.col.title', (r) => r.title, 260],
    ['feedback.col.user', (r) => r.userName, 120],
    ['feedback.col.state', (r) => stateTag(r.state, t), 100],
    ['feedback.col.createdAt', (r) => fmtTime(r.createdAt), 170],
    ['feedback.col.repliedAt', (r) => fmtTime(r.repliedAt), 170],
    [
      'common.operation',
      (r) => (
        <Space>
          <Button type="link" size="small" onClick={() => setOpen(r)}>
            {t('feedback.view')}
          </Button>
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => remove(r)}>
              {t('common.delete')}
            </Button>
          )}
        </Space>
      ),
      140,
    ],
  ]);

  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={(v) => list.search(v)}>
        <Form.Item name="state">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('feedback.col.state')}
            options={[0, 1].map((s) => ({ value: s, label: t(`feedback.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="SearchKey">
          <Input allowClear placeholder={t('feedback.searchKey')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          {canAdd && <Button onClick={() => setAdding(true)}>{t('feedback.add')}</Button>}
        </Space>
      </Form>
      <Table<FeedbackDto>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.List}
        columns={columns}
        pagination={specPagination(t, list.Page, list.Rows, list.Total, list.setPage)}
        scroll={{ x: 'max-content' }}
      />
      <FeedbackForm
        open={adding}
        onClose={() => setAdding(false)}
        onSent={() => {
          setAdding(false);
          list.reload();
        }}
      />
      <FeedbackDetail
        row={open}
        onClose={() => setOpen(null)}
        onChanged={() => {
          setOpen(null);
          list.reload();
        }}
      />
    </Card>
  );
}
