import { DownloadOutlined } from '@ant-design/icons';
import { SEARCH_FIELDS } from '@shuyuan/contracts/catalogue/record';
import { P } from '@shuyuan/contracts/common/paths';
import { JobState } from '@shuyuan/contracts/jobs/job';
import type { MarcExportFormat } from '@shuyuan/contracts/marc/api';
import { Alert, Button, Card, Form, Input, Progress, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, downloadUrl } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { type Started, useJob } from './job.ts';

const CODE = 'marc-export';
/** marcbyitemid takes at most this many ids; more is "everything" as a task. */
const MAX_IDS = 5000;
const PAGE = 100;

interface Row {
  id: number;
  title: string;
  author: string;
  isbn: string;
  classNo: string;
  publisher: string;
  pubYear: number | null;
}
type Field = (typeof SEARCH_FIELDS)[number] | 'all';

/** Record ids typed or pasted: separated by spaces, commas or new lines; ranges like 100-120. */
export function parseIds(text: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(/[\s,，;；]+/).filter(Boolean)) {
    const m = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (m) for (let i = Number(m[1]); i <= Math.min(Number(m[2]), Number(m[1]) + MAX_IDS); i++) out.add(i);
    else if (/^\d+$/.test(part)) out.add(Number(part));
  }
  return [...out].filter((n) => n > 0);
}

/** /marc-export: everything (a background task) or a selection (found by search, or ids) as ISO 2709 / MARCXML. */
export default function MarcExportPage() {
  const { t } = useTranslation();
  const canExport = usePermission(`${CODE}:export`);
  const [format, setFormat] = useState<MarcExportFormat>('iso2709');
  const [scope, setScope] = useState<'all' | 'search' | 'ids'>('search');
  const [field, setField] = useState<Field>('all');
  const [key, setKey] = useState('');
  const [found, setFound] = useState<{ List: Row[]; Total: number }>({ List: [], Total: 0 });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [idText, setIdText] = useState('');
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<Started | null>(null);
  const job = useJob(started);

  const search = async (p = 1) => {
    const body = { SearchKey: key, field: field === 'all' ? undefined : field, Page: p, Rows: PAGE };
    setBusy(true);
    try {
      setFound(await api.post(`${P}/Marc/FindRecords`, body));
      setPage(p);
    } finally {
      setBusy(false);
    }
  };
  /** Every id the search finds (up to MAX_IDS), page by page. */
  const selectAll = async () => {
    setBusy(true);
    try {
      const ids: number[] = [];
      for (let p = 1; ids.length < Math.min(found.Total, MAX_IDS); p++) {
        const r = await api.post<{ List: Row[] }>(`${P}/Marc/FindRecords`, {
          SearchKey: key,
          field: field === 'all' ? undefined : field,
          Page: p,
          Rows: PAGE,
        });
        if (!r.List.length) break;
        ids.push(...r.List.map((x) => x.id));
      }
      setSelected(ids.slice(0, MAX_IDS));
    } finally {
      setBusy(false);
    }
  };
  const exportIds = async (ids: number[]) => {
    if (!ids.length) return notify.info(t('marc.export.noneSelected'));
    if (ids.length > MAX_IDS) return notify.info(t('marc.export.tooMany', { max: MAX_IDS }));
    setBusy(true);
    try {
      await api.download(`${P}/Literature/marcbyitemid`, { ids, format });
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    if (scope === 'all') setStarted(await api.post<Started>(`${P}/Marc/ExportAll`, { format }, { loading: true }));
    else await exportIds(scope === 'ids' ? parseIds(idText) : selected);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="sy-marc-export">
      <Card size="small">
        <Form layout="vertical">
          <Form.Item label={t('marc.export.what')}>
            <Radio.Group
              value={scope}
              onChange={(e) => setScope(e.target.value)}
              options={(['search', 'ids', 'all'] as const).map((s) => ({
                value: s,
                label: t(`marc.export.scope.${s}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('marc.export.format')}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              options={[
                { value: 'iso2709', label: t('marc.export.iso2709') },
                { value: 'marcxml', label: t('marc.export.marcxml') },
              ]}
            />
          </Form.Item>
          {scope === 'ids' && (
            <Form.Item label={t('marc.export.ids')} extra={t('marc.export.idsHint', { max: MAX_IDS })}>
              <Input.TextArea rows={4} value={idText} onChange={(e) => setIdText(e.target.value)} />
            </Form.Item>
          )}
          {scope === 'all' && (
            <Alert type="info" showIcon message={t('marc.export.allHint')} style={{ marginBottom: 16 }} />
          )}
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            disabled={!canExport}
            loading={busy}
            onClick={() => void run()}
          >
            {scope === 'search'
              ? t('marc.export.runSelected', { n: selected.length })
              : scope === 'ids'
                ? t('marc.export.runSelected', { n: parseIds(idText).length })
                : t('marc.export.runAll')}
          </Button>
        </Form>
      </Card>
      {scope === 'search' && (
        <Card size="small" title={t('marc.export.findTitle')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select<Field>
              style={{ width: 140 }}
              value={field}
              onChange={setField}
              options={[
                { value: 'all', label: t('marc.search.all') },
                ...SEARCH_FIELDS.map((f) => ({ value: f, label: t(`marc.search.${f}`) })),
              ]}
            />
            <Input.Search
              allowClear
              style={{ width: 320 }}
              value={key}
              placeholder={t('marc.export.searchHint')}
              onChange={(e) => setKey(e.target.value)}
              onSearch={() => void search(1)}
              enterButton
            />
            {found.Total > 0 && (
              <Button onClick={() => void selectAll()} loading={busy}>
                {t('marc.export.selectAll', { n: Math.min(found.Total, MAX_IDS) })}
              </Button>
            )}
            {selected.length > 0 && <Button onClick={() => setSelected([])}>{t('marc.export.clear')}</Button>}
          </Space>
          <Table<Row>
            size="small"
            rowKey="id"
            loading={busy}
            dataSource={found.List}
            rowSelection={{
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(Number)),
            }}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: found.Total,
              showSizeChanger: false,
              showTotal: (n) => t('marc.export.total', { n }),
              onChange: (p) => void search(p),
            }}
            columns={[
              { title: t('marc.field.recordId'), dataIndex: 'id', width: 80 },
              { title: t('marc.field.title'), dataIndex: 'title' },
              { title: t('marc.field.author'), dataIndex: 'author', width: 180 },
              { title: t('marc.field.isbn'), dataIndex: 'isbn', width: 150 },
              { title: t('marc.field.classification'), dataIndex: 'classNo', width: 110 },
              { title: t('marc.field.year'), dataIndex: 'pubYear', width: 70 },
            ]}
          />
        </Card>
      )}
      {started && (
        <Card size="small" title={t('marc.export.taskTitle')}>
          {job?.State === JobState.Done ? (
            <Space>
              <Typography.Text>{t('marc.export.done', { n: job.Progress })}</Typography.Text>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadUrl(job.ResultFile, job.FileName)}>
                {t('marc.export.download')}
              </Button>
            </Space>
          ) : job && job.State >= JobState.Failed ? (
            <Alert type="error" showIcon message={job.Error ?? t('marc.import.failed')} />
          ) : (
            <Progress percent={job?.percentage ?? 0} status="active" />
          )}
        </Card>
      )}
    </Space>
  );
}
