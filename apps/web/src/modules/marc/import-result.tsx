import { DownloadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { type JobView, JobState } from '@shuyuan/contracts/jobs/job';
import { Alert, Button, Card, Progress, Result, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, downloadUrl } from '../../app/http.ts';

interface Report {
  summary: string;
  total: number;
  List: { no: number; status: string; isbn: string; title: string; reason: string }[];
}

/** The import task on the screen: progress while it runs, then the summary and every record not imported. */
export function ImportProgress({ job }: { job: JobView | null }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<Report | null>(null);
  const done = job?.State === JobState.Done;
  const id = job?.ID;
  useEffect(() => {
    setReport(null);
    if (done && id) void api.post<Report>(`${P}/Marc/ImportReport`, { DataID: id }).then(setReport, () => {});
  }, [done, id]);
  if (!job) return <Progress percent={0} status="active" />;
  if (job.State === JobState.Failed || job.State === JobState.Stopped)
    return (
      <Result
        status="error"
        title={t(job.State === JobState.Failed ? 'marc.import.failed' : 'marc.import.stopped')}
        subTitle={job.Error}
      />
    );
  if (!done)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Progress percent={job.percentage} status="active" />
        <Typography.Text type="secondary">{t('marc.import.running')}</Typography.Text>
      </Space>
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="sy-marc-result">
      <Alert type={report?.total ? 'warning' : 'success'} showIcon message={report?.summary ?? t('marc.import.done')} />
      <Space>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadUrl(job.ResultFile, job.FileName)}>
          {t('marc.import.downloadResult')}
        </Button>
        <Button href="#/resource-mana/resource/catalog">{t('marc.import.openCatalogue')}</Button>
      </Space>
      {!!report?.total && (
        <Card size="small" title={t('marc.import.notImported', { n: report.total })}>
          <Table
            size="small"
            rowKey="no"
            dataSource={report.List}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('marc.preview.no'), dataIndex: 'no', width: 70 },
              { title: t('marc.import.status'), dataIndex: 'status', width: 90 },
              { title: t('marc.field.isbn'), dataIndex: 'isbn', width: 140 },
              { title: t('marc.field.title'), dataIndex: 'title' },
              { title: t('marc.import.reason'), dataIndex: 'reason' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
