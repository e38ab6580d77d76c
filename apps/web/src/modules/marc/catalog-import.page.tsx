import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { JobState } from '@shuyuan/contracts/jobs/job';
import type { CataImportRow } from '@shuyuan/contracts/marc/api';
import { Alert, Button, Card, Form, Progress, Radio, Result, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, downloadUrl } from '../../app/http.ts';
import { type Started, uploadFile, useJob } from './job.ts';

const CODE = 'marc-catalog-import';

/**
 * /marc-catalog-import: catalogue records from the Excel template. Every row is checked like the record form;
 * good rows are imported, and the result sheet lists each row with "imported" or its reasons.
 */
export default function CatalogImportPage() {
  const { t } = useTranslation();
  const canImport = usePermission(`${CODE}:import`);
  const [policy, setPolicy] = useState<'skip' | 'new'>('skip');
  const [name, setName] = useState('');
  const [started, setStarted] = useState<Started | null>(null);
  const job = useJob(started);
  const done = job?.State === JobState.Done;
  const failed = !!job && job.State >= JobState.Failed;
  const [report, setReport] = useState<{ total: number; List: CataImportRow[] } | null>(null);
  const id = job?.ID;
  useEffect(() => {
    setReport(null);
    if (done && id)
      void api
        .post<{ total: number; List: CataImportRow[] }>(`${P}/Marc/CataImportReport`, { DataID: id })
        .then(setReport, () => {});
  }, [done, id]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="sy-marc-cata">
      <Card size="small" title={t('marc.cata.title')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('marc.cata.hint')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('marc.cata.copiesHint')}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} onClick={() => void api.download(`${P}/Marc/GetCataTemplate`, {})}>
            {t('marc.cata.template')}
          </Button>
          <Form layout="inline">
            <Form.Item label={t('marc.import.policy')}>
              <Radio.Group
                value={policy}
                onChange={(e) => setPolicy(e.target.value)}
                options={(['skip', 'new'] as const).map((p) => ({ value: p, label: t(`marc.policy.${p}`) }))}
              />
            </Form.Item>
          </Form>
          <Upload.Dragger
            accept=".xlsx"
            showUploadList={false}
            disabled={!canImport || (!!started && !done && !failed)}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const up = await uploadFile(file as File);
                setName(up.name);
                setStarted(
                  await api.post<Started>(`${P}/Marc/ImportCataInfo`, { fileUrl: up.url, duplicatePolicy: policy }),
                );
                onSuccess?.(up);
              } catch (e) {
                onError?.(e as Error);
              }
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('marc.cata.drop')}</p>
          </Upload.Dragger>
        </Space>
      </Card>
      {started && (
        <Card size="small" title={t('marc.import.progressTitle', { name })}>
          {done ? (
            <>
              <Result
                status="success"
                title={t('marc.cata.done', { n: job.DataCount })}
                subTitle={t('marc.cata.doneHint')}
                extra={
                  <Button
                    type="primary"
                    icon={<DownloadOutlined />}
                    onClick={() => void downloadUrl(job.ResultFile, job.FileName)}
                  >
                    {t('marc.import.downloadResult')}
                  </Button>
                }
              />
              {!!report?.total && (
                <Table<CataImportRow>
                  className="sy-marc-cata-errors"
                  size="small"
                  rowKey="rowNo"
                  title={() => t('marc.cata.errorsTitle', { n: report.total })}
                  dataSource={report.List}
                  pagination={{ pageSize: 10, showSizeChanger: false }}
                  columns={[
                    { title: t('marc.cata.row'), dataIndex: 'rowNo', width: 70 },
                    {
                      title: t('marc.import.status'),
                      dataIndex: 'status',
                      width: 100,
                      render: (s: CataImportRow['status']) => (
                        <Tag color={s === 'imported' ? 'warning' : s === 'skipped' ? 'default' : 'error'}>
                          {t(`marc.cata.status.${s}`)}
                        </Tag>
                      ),
                    },
                    { title: t('marc.field.title'), dataIndex: 'title' },
                    { title: t('marc.field.isbn'), dataIndex: 'isbn', width: 150 },
                    { title: t('marc.cata.result'), dataIndex: 'result' },
                  ]}
                />
              )}
            </>
          ) : failed ? (
            <Alert type="error" showIcon message={job.Error ?? t('marc.import.failed')} />
          ) : (
            <Progress percent={job?.percentage ?? 0} status="active" />
          )}
        </Card>
      )}
    </Space>
  );
}
