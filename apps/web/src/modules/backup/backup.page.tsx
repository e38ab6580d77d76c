import {
  BACKUP_LINK_PATH,
  BACKUP_PERMISSION,
  type BackupLinkResult,
  type BackupListResult,
  type BackupView,
} from '@shuyuan/contracts/backup/backup';
import { P } from '@shuyuan/contracts/common/paths';
import { JOB_POLL_MS, type JobView, JobState } from '@shuyuan/contracts/jobs/job';
import { Alert, Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/auth/session.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { fmtTime } from '../../kit/time.ts';
import { useColumns } from '../logs/columns.ts';

const mb = (n: number) => `${(n / 1048576).toFixed(n < 10 * 1048576 ? 2 : 1)} MB`;

/** /sys/backup: back up now (with progress), the list of backups and their download. */
export default function BackupPage() {
  const { t } = useTranslation();
  const ops = useSession().operations;
  const can = (verb: string) => ops.includes('*') || ops.includes(`${BACKUP_PERMISSION}:${verb}`);
  const [data, setData] = useState<BackupListResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<JobView | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);

  const reload = useCallback(async () => {
    try {
      const r = await api.post<BackupListResult>(`${P}/Backup/GetBackupList`, {}, { showError: false });
      setData(r);
      setError(null);
      if (r.RunningJobId) setJobId(r.RunningJobId);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  // The running backup is followed every second until it ends.
  useEffect(() => {
    if (!jobId) return;
    let stop = false;
    const poll = async () => {
      const j = await api.post<JobView>(`${P}/Config/GetProgress`, { DataID: jobId }, { showError: false });
      if (stop) return;
      setJob(j);
      if (j.State === JobState.Done || j.State === JobState.Failed || j.State === JobState.Stopped) {
        setJobId(null);
        if (j.State === JobState.Done) notify.success(t('backup.done'));
        void reload();
      }
    };
    const id = setInterval(() => void poll().catch(() => {}), JOB_POLL_MS);
    void poll().catch(() => {});
    return () => {
      stop = true;
      clearInterval(id);
    };
  }, [jobId, reload, t]);

  const start = async () => {
    const r = await api.post<{ DataID: number }>(`${P}/Backup/StartBackup`, {});
    setJob(null);
    setJobId(r.DataID);
  };

  // A signed link, used once within a minute: the browser's own download manager fetches it (streamed from disk,
  // with its size and progress), nothing is held in the page.
  const download = async (name: string) => {
    const r = await api.post<BackupLinkResult>(`${P}${BACKUP_LINK_PATH}`, { Name: name });
    window.location.assign(r.Url);
  };

  const columns = useColumns<BackupView>([
    ['backup.col.createdAt', (b) => fmtTime(b.CreatedAt), 170],
    ['backup.col.name', (b) => b.Name, 260],
    [
      'backup.col.size',
      (b) => <span title={t('backup.bytes', { n: b.Size.toLocaleString() })}>{mb(b.Size)}</span>,
      100,
    ],
    ['backup.col.engine', (b) => t(`backup.engine.${b.Engine || 'unknown'}`), 140],
    ['backup.col.rows', (b) => b.Rows.toLocaleString(), 100],
    ['backup.col.files', (b) => b.Files.toLocaleString(), 100],
    ['backup.col.duration', (b) => `${(b.DurationMs / 1000).toFixed(1)} s`, 100],
    [
      'backup.col.trigger',
      (b) => (
        <Tag color={b.Trigger === 'manual' ? 'blue' : 'default'}>{t(`backup.trigger.${b.Trigger || 'unknown'}`)}</Tag>
      ),
      110,
    ],
    ['backup.col.version', (b) => b.Version, 90],
    [
      'common.operation',
      (b) =>
        can('download') && (
          <Button type="link" size="small" onClick={() => void download(b.Name)}>
            {t('backup.download')}
          </Button>
        ),
      100,
    ],
  ]);

  if (error) return <Alert type="warning" showIcon message={error} />;
  const running = jobId !== null;
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          {can('add') && (
            <Button type="primary" loading={running} onClick={() => void start()}>
              {running ? t('backup.running') : t('backup.start')}
            </Button>
          )}
          {data && <Typography.Text type="secondary">{t('backup.folder', { folder: data.Folder })}</Typography.Text>}
        </Space>
        {job && (
          <div style={{ maxWidth: 480 }} className="sy-backup-progress">
            <Progress
              percent={job.percentage}
              status={job.State === JobState.Failed ? 'exception' : job.State === JobState.Done ? 'success' : 'active'}
              format={() => `${job.Progress}/${job.DataCount}`}
            />
            {job.Error && <Typography.Text type="danger">{t('backup.failed', { error: job.Error })}</Typography.Text>}
          </div>
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('backup.help')}
        </Typography.Paragraph>
        <Table<BackupView>
          rowKey="Name"
          size="middle"
          loading={!data}
          dataSource={data?.List ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Space>
    </Card>
  );
}
