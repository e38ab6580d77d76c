import { P } from '@shuyuan/contracts/common/paths';
import { JOB_POLL_MS, type JobView, JobState } from '@shuyuan/contracts/jobs/job';
import {
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Progress,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/auth/session.ts';
import { api, downloadUrl } from '../../app/http.ts';
import { specPagination } from '../../kit/pagination.ts';
import { useColumns } from '../logs/columns.ts';
import { fmtTime } from '../../kit/time.ts';
import { usePaged } from '../logs/use-paged.ts';

const STATE_COLOR = ['default', 'processing', 'success', 'error', 'warning'];

/** /process: the background tasks (exports, imports, printing) with progress, download and stop. */
export default function ProcessPage() {
  const { t } = useTranslation();
  const ops = useSession().operations;
  // Whoever holds any task-list operation may look at the whole school's tasks (the server checks it too).
  const canAll = ops.includes('*') || ops.some((o) => o.startsWith('process:'));
  const list = usePaged<JobView>(`${P}/Config/GetProgressList`, { Scope: 'mine' });
  const running = list.List.some((j) => j.State === JobState.Pending || j.State === JobState.Running);
  const { reload } = list;

  // While a task runs its row follows it (spec: running tasks are polled every second).
  useEffect(() => {
    if (!running) return;
    const id = setInterval(reload, JOB_POLL_MS);
    return () => clearInterval(id);
  }, [running, reload]);

  const stop = async (j: JobView) => {
    await api.post(`${P}/Config/StopProgress`, { DataID: j.ID });
    reload();
  };
  const columns = useColumns<JobView>([
    ['process.col.fileName', (j) => j.FileName, 260],
    ['process.col.type', (j) => j.OperationType, 160],
    ['process.col.user', (j) => j.UserName, 110],
    [
      'process.col.progress',
      (j) => (
        <Progress
          percent={j.percentage}
          size="small"
          status={j.State === 3 ? 'exception' : j.State === 2 ? 'success' : j.State === 1 ? 'active' : 'normal'}
          format={() => `${j.Progress}/${j.DataCount}`}
        />
      ),
      220,
    ],
    [
      'process.col.state',
      (j) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATE_COLOR[j.State]}>{t(`process.state.${j.State}`)}</Tag>
          {j.Error && <Typography.Text type="danger">{j.Error}</Typography.Text>}
        </Space>
      ),
      160,
    ],
    ['process.col.createdAt', (j) => fmtTime(j.CreatedAt), 170],
    ['process.col.finishedAt', (j) => fmtTime(j.FinishedAt), 170],
    [
      'common.operation',
      (j) => (
        <Space>
          {j.ResultFile && (
            <Button type="link" size="small" onClick={() => void downloadUrl(j.ResultFile, j.FileName)}>
              {t('process.download')}
            </Button>
          )}
          {(j.State === 0 || j.State === 1) && (
            <Popconfirm title={t('process.confirmStop')} onConfirm={() => stop(j)}>
              <Button type="link" size="small" danger>
                {t('process.stop')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
      150,
    ],
  ]);

  return (
    <Card>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={{ Scope: 'mine' }}
        onFinish={(v) => list.search({ ...v, State: v.State ?? '' })}
      >
        {canAll && (
          <Form.Item name="Scope">
            <Segmented
              options={[
                { value: 'mine', label: t('process.scope.mine') },
                { value: 'all', label: t('process.scope.all') },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item name="State">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('process.col.state')}
            options={[0, 1, 2, 3, 4].map((s) => ({ value: s, label: t(`process.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="SearchKey">
          <Input allowClear placeholder={t('process.searchKey')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<JobView>
        rowKey="ID"
        size="middle"
        loading={list.loading && !running}
        dataSource={list.List}
        columns={columns}
        pagination={specPagination(t, list.Page, list.Rows, list.Total, list.setPage)}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
