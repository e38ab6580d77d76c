import { InboxOutlined, SettingOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import type {
  DuplicatePolicy,
  MarcCharset,
  MarcFlavourChoice,
  MarcPreviewRow,
  MarcReadOptions,
} from '@shuyuan/contracts/marc/api';
import { Button, Card, Checkbox, Form, Progress, Radio, Select, Space, Steps, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { useEditingOptions } from '../catalogue/use-options.ts';
import { ImportProgress } from './import-result.tsx';
import { fmtSize, type Started, uploadFile, useJob } from './job.ts';
import { PreviewTable } from './preview.tsx';
import { RulesDrawer } from './rules-drawer.tsx';

const CODE = 'marc-import';
const CHARSETS: MarcCharset[] = ['auto', 'utf8', 'marc8', 'gb18030'];
const FLAVOURS: MarcFlavourChoice[] = ['auto', 'MARC21', 'UNIMARC'];
const POLICIES: DuplicatePolicy[] = ['skip', 'merge', 'new'];
const PREVIEW_ROWS = 100;

/** /marc-import: upload an ISO 2709 or MARCXML file, check the preview, import it as a background task. */
export default function MarcImportPage() {
  const { t } = useTranslation();
  const canImport = usePermission(`${CODE}:import`);
  const [file, setFile] = useState<{ url: string; name: string; size: number } | null>(null);
  const [read, setRead] = useState<MarcReadOptions>({ charset: 'auto', flavour: 'auto' });
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const [copies, setCopies] = useState<{ createCopies: boolean; locationId?: number; batchId?: number }>({
    createCopies: true,
  });
  const opts = useEditingOptions();
  const [rows, setRows] = useState<MarcPreviewRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [started, setStarted] = useState<Started | null>(null);
  /** The file being uploaded in chunks and the percentage sent. */
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const job = useJob(started);

  useEffect(() => {
    setRows([]);
    if (!file) return;
    setLoading(true);
    api
      .post<{ List: MarcPreviewRow[] }>(`${P}/Marc/PreviewTable`, { fileUrl: file.url, rows: PREVIEW_ROWS, ...read })
      .then(
        (r) => setRows(r.List),
        () => {},
      )
      .finally(() => setLoading(false));
  }, [file, read]);

  const start = async () => {
    if (!file) return;
    setStarted(
      await api.post<Started>(
        `${P}/Marc/Import`,
        { fileUrl: file.url, fileName: file.name, duplicatePolicy: policy, ...read, ...copies },
        { loading: true },
      ),
    );
  };
  const reset = () => {
    setFile(null);
    setStarted(null);
  };
  const step = started ? 2 : file ? 1 : 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="sy-marc-import">
      <Steps
        current={step}
        items={[
          { title: t('marc.import.step1') },
          { title: t('marc.import.step2') },
          { title: t('marc.import.step3') },
        ]}
      />
      <Card
        size="small"
        title={t('marc.import.fileTitle')}
        extra={
          <Button icon={<SettingOutlined />} onClick={() => setRulesOpen(true)}>
            {t('marc.rules.title')}
          </Button>
        }
      >
        {sending ? (
          <div className="sy-marc-upload-progress">
            <Typography.Text>{t('marc.import.uploading', { name: sending.name })}</Typography.Text>
            <Progress percent={sending.percent} />
          </div>
        ) : !file ? (
          <Upload.Dragger
            accept=".mrc,.iso,.marc,.dat,.usmarc,.xml"
            showUploadList={false}
            disabled={!canImport}
            customRequest={async ({ file: f, onSuccess, onError }) => {
              const name = (f as File).name;
              setSending({ name, percent: 0 });
              try {
                const up = await uploadFile(f as File, (percent) => setSending({ name, percent }));
                setFile(up);
                onSuccess?.(up);
              } catch (e) {
                onError?.(e as Error);
              } finally {
                setSending(null);
              }
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('marc.import.drop')}</p>
            <p className="ant-upload-hint">{t('marc.import.dropHint')}</p>
          </Upload.Dragger>
        ) : (
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label={t('marc.import.file')}>
              <Typography.Text strong>{file.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">({fmtSize(file.size)})</Typography.Text>
            </Form.Item>
            <Form.Item label={t('marc.import.charset')}>
              <Select<MarcCharset>
                style={{ width: 170 }}
                value={read.charset}
                disabled={!!started}
                onChange={(charset) => setRead({ ...read, charset })}
                options={CHARSETS.map((c) => ({ value: c, label: t(`marc.charset.${c}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('marc.import.flavour')}>
              <Select<MarcFlavourChoice>
                style={{ width: 170 }}
                value={read.flavour}
                disabled={!!started}
                onChange={(flavour) => setRead({ ...read, flavour })}
                options={FLAVOURS.map((c) => ({ value: c, label: t(`marc.flavour.${c}`) }))}
              />
            </Form.Item>
            <Form.Item label={t('marc.import.policy')}>
              <Radio.Group
                value={policy}
                disabled={!!started}
                onChange={(e) => setPolicy(e.target.value)}
                options={POLICIES.map((p) => ({ value: p, label: t(`marc.policy.${p}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Button onClick={reset}>{t('marc.import.another')}</Button>
            </Form.Item>
          </Form>
        )}
        {file && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t(`marc.policy.${policy}Hint`)}
          </Typography.Paragraph>
        )}
        {file && (
          <Form layout="inline" style={{ rowGap: 8, marginTop: 12 }} className="sy-marc-copies">
            <Form.Item label={t('marc.import.copies')}>
              <Checkbox
                checked={copies.createCopies}
                disabled={!!started}
                onChange={(e) => setCopies({ ...copies, createCopies: e.target.checked })}
              >
                {t('marc.import.createCopies')}
              </Checkbox>
            </Form.Item>
            <Form.Item label={t('marc.import.location')}>
              <Select<number>
                style={{ width: 260 }}
                allowClear
                value={copies.locationId}
                disabled={!!started || !copies.createCopies}
                placeholder={t('marc.import.locationDefault')}
                onChange={(locationId) => setCopies({ ...copies, locationId })}
                options={opts.locations}
              />
            </Form.Item>
            <Form.Item label={t('marc.import.batch')}>
              <Select<number>
                style={{ width: 220 }}
                allowClear
                value={copies.batchId}
                disabled={!!started || !copies.createCopies}
                placeholder={t('marc.import.batchNone')}
                onChange={(batchId) => setCopies({ ...copies, batchId })}
                options={opts.batches}
              />
            </Form.Item>
          </Form>
        )}
        {file && copies.createCopies && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('marc.import.copiesHint')}
          </Typography.Paragraph>
        )}
      </Card>
      {file && !started && (
        <Card
          size="small"
          title={t('marc.preview.title', { n: PREVIEW_ROWS })}
          extra={
            <Button type="primary" disabled={!canImport || loading} onClick={() => void start()}>
              {t('marc.import.start')}
            </Button>
          }
        >
          <PreviewTable rows={rows} loading={loading} fileUrl={file.url} read={read} />
        </Card>
      )}
      {started && (
        <Card size="small" title={t('marc.import.progressTitle', { name: file?.name ?? '' })}>
          <ImportProgress job={job} />
        </Card>
      )}
      <RulesDrawer open={rulesOpen} onClose={() => setRulesOpen(false)} canEdit={canImport} />
    </Space>
  );
}
