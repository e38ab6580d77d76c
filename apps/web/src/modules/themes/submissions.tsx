import { JOIN_CODE, type SubmissionRow, type SubmissionState } from '@shuyuan/contracts/themes/theme';
import { Button, Form, Input, InputNumber, Modal, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { fmtTime } from '../../kit/time.ts';
import { useLoad } from '../../opac/use-load.ts';
import { runApi } from './run-api.ts';

const COLOR: Record<SubmissionState, string> = { pending: 'gold', passed: 'green', rejected: 'red' };

/** Pass (optional score) or reject (reason required) one submission. */
function JudgeModal({ row, pass, onClose }: { row: SubmissionRow; pass: boolean; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ score?: number; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = form.getFieldsValue();
    setBusy(true);
    try {
      await runApi.judge({ id: row.id, passed: pass, score: v.score ?? null, reason: v.reason ?? '' });
      notify.success(t(pass ? 'themes.sub.passed' : 'themes.sub.rejected'));
      onClose(true);
    } catch (e) {
      if (!fieldErrors(form, e)) notify.error((e as { msg?: string }).msg ?? String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(pass ? 'themes.sub.passTitle' : 'themes.sub.rejectTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <p>
        {row.name} · {row.taskTitle}
      </p>
      <Form form={form} layout="vertical">
        {pass ? (
          <Form.Item name="score" label={t('themes.sub.score')} extra={t('themes.sub.scoreHelp')}>
            <InputNumber min={0} max={100} />
          </Form.Item>
        ) : (
          <Form.Item name="reason" label={t('themes.sub.reason')} required>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A running theme's submissions, the ones to judge first; teachers with the judging permission pass or reject. */
export function Submissions({ themeId, onJudged }: { themeId: number; onJudged: () => void }) {
  const { t } = useTranslation();
  const canJudge = usePermission(`${JOIN_CODE}:audit`);
  const [state, setState] = useState<SubmissionState | 'all'>('pending');
  const [page, setPage] = useState({ Page: 1, Rows: 20 });
  const [judging, setJudging] = useState<{ row: SubmissionRow; pass: boolean } | null>(null);
  const res = useLoad(
    () => runApi.submissions(themeId, state === 'all' ? undefined : state, page.Page, page.Rows),
    [themeId, state, page],
  );
  return (
    <>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as SubmissionState | 'all');
          setPage((p) => ({ ...p, Page: 1 }));
        }}
        options={[
          { value: 'pending', label: t('themes.sub.states.pending') },
          { value: 'passed', label: t('themes.sub.states.passed') },
          { value: 'rejected', label: t('themes.sub.states.rejected') },
          { value: 'all', label: t('themes.sub.all') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<SubmissionRow>
        rowKey="id"
        size="small"
        loading={res.loading}
        dataSource={res.data?.List}
        scroll={{ x: 'max-content' }}
        pagination={specPagination(t, page.Page, page.Rows, res.data?.Total ?? 0, (Page, Rows) =>
          setPage({ Page, Rows }),
        )}
        columns={[
          { title: t('themes.run.reader'), dataIndex: 'name' },
          { title: t('themes.run.class'), dataIndex: 'className' },
          { title: t('themes.sub.task'), dataIndex: 'taskTitle' },
          {
            title: t('themes.sub.content'),
            render: (_v, r) =>
              r.kind === 'picture' ? (
                <a href={r.image} target="_blank" rel="noreferrer">
                  <img src={r.image} alt={t('themes.sub.picture')} style={{ maxHeight: 80, maxWidth: 160 }} />
                </a>
              ) : (
                <span style={{ whiteSpace: 'pre-wrap' }}>{r.text}</span>
              ),
          },
          {
            title: t('themes.sub.state'),
            render: (_v, r) => (
              <Tag color={COLOR[r.state]} title={r.reason || undefined}>
                {t(`themes.sub.states.${r.state}`)}
              </Tag>
            ),
          },
          { title: t('themes.sub.score'), dataIndex: 'score' },
          { title: t('themes.sub.judgedBy'), dataIndex: 'judgedBy' },
          { title: t('themes.sub.submittedAt'), render: (_v, r) => fmtTime(r.createdAt) },
          ...(canJudge
            ? [
                {
                  key: 'judge',
                  title: t('kit.table.operation'),
                  render: (_v: unknown, r: SubmissionRow) =>
                    r.state === 'pending' && (
                      <Space>
                        <Button size="small" type="primary" onClick={() => setJudging({ row: r, pass: true })}>
                          {t('themes.sub.pass')}
                        </Button>
                        <Button size="small" danger onClick={() => setJudging({ row: r, pass: false })}>
                          {t('themes.sub.reject')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      {judging && (
        <JudgeModal
          row={judging.row}
          pass={judging.pass}
          onClose={(done) => {
            setJudging(null);
            if (done) {
              res.reload();
              onJudged();
            }
          }}
        />
      )}
    </>
  );
}
