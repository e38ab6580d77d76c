import { InboxOutlined } from '@ant-design/icons';
import type { ClassImportResult, ClassNode, ClassScheme } from '@shuyuan/contracts/classification/classification';
import { P } from '@shuyuan/contracts/common/paths';
import { JobState } from '@shuyuan/contracts/jobs/job';
import { Alert, Card, Input, List, Progress, Segmented, Space, Tree, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { useJob } from '../marc/job.ts';
import { type ClassTreeNode, classChildren, toClassNode, withChildren } from '../catalogue/class-picker.tsx';

type Node = ClassTreeNode;
const SCHEMES = ['clc', 'dewey', 'custom'] as const;

/** Follows an import task until it ends (its own result endpoint, P/Classification/GetImportResult). */
function useImport(id: number | null): ClassImportResult | null {
  const started = useMemo(() => (id ? { DataID: id } : null), [id]);
  return useJob<ClassImportResult>(started, `${P}/Classification/GetImportResult`);
}

/** What an ended import did: nodes imported and repeated codes, or why the file was refused. */
function ImportOutcome({ r }: { r: ClassImportResult }) {
  const { t } = useTranslation();
  if (r.State < JobState.Done)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('classification.schemes.running')}</Typography.Text>
        <Progress percent={r.DataCount ? Math.min(99, Math.round((r.Progress / r.DataCount) * 100)) : 0} />
      </Space>
    );
  if (r.State === JobState.Done)
    return (
      <Alert
        type="success"
        showIcon
        className="sy-class-import-done"
        message={t('classification.schemes.done', {
          count: r.count,
          scheme: t(`classification.schemes.scheme.${r.scheme}`),
        })}
        description={
          r.duplicates > 0
            ? t('classification.schemes.duplicates', {
                n: r.duplicates,
                codes: r.duplicateCodes.join('、') + (r.duplicates > r.duplicateCodes.length ? '…' : ''),
              })
            : t('classification.schemes.noDuplicates')
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      className="sy-class-import-failed"
      message={r.error ?? t('classification.schemes.failed')}
      description={
        r.issues.length > 0 && (
          <List
            size="small"
            dataSource={r.issues}
            renderItem={(i) => (
              <List.Item>
                <b style={{ minWidth: 90, display: 'inline-block' }}>{i.path}</b> {i.message}
              </List.Item>
            )}
          />
        )
      }
    />
  );
}

/** Browses a scheme as a tree (opened level by level) or searches it by code prefix or name. */
function SchemeBrowser({ scheme, version }: { scheme: ClassScheme; version: number }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<Node[]>([]);
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<ClassNode[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the tree after an import
  useEffect(() => {
    setHits(null);
    setQ('');
    classChildren(scheme)
      .then((l) => setTree(l.map(toClassNode)))
      .catch(() => setTree([]));
  }, [scheme, version]);
  const search = async (text: string) => {
    if (!text.trim()) return setHits(null);
    setHits(await api.post<ClassNode[]>(`${P}/Classification/FindClasses`, { scheme, q: text.trim(), limit: 100 }));
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} className="sy-class-browser">
      <Input.Search
        allowClear
        className="sy-class-browser-search"
        placeholder={t('classification.schemes.search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onSearch={(v) => void search(v).catch(() => {})}
      />
      <div style={{ maxHeight: 480, overflow: 'auto' }}>
        {hits ? (
          <List
            size="small"
            dataSource={hits}
            locale={{ emptyText: t('classification.schemes.none') }}
            renderItem={(n) => (
              <List.Item className="sy-class-browser-hit">
                <b style={{ minWidth: 90, display: 'inline-block' }}>{n.code}</b> {n.name}
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {t('classification.schemes.level', { level: n.level })}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Tree<Node>
            key={`${scheme}-${version}`}
            treeData={tree}
            loadData={async (node) => {
              if (node.children) return;
              const kids = (await classChildren(scheme, node.code)).map(toClassNode);
              setTree((cur) => withChildren(cur, node.code, kids));
            }}
          />
        )}
      </div>
    </Space>
  );
}

/**
 * Classification schemes (a tab of /book-editing-rule): import a whole 中图法, Dewey or custom scheme from a
 * file (TSV `code name level parent`, or JSON), see what the import did, and browse or search the tree the
 * cataloguers' class picker offers.
 */
export function ClassSchemes() {
  const { t } = useTranslation();
  const canEdit = usePermission('book-editing-rule:edit');
  const [scheme, setScheme] = useState<ClassScheme>('clc');
  const [jobId, setJobId] = useState<number | null>(null);
  const [fileName, setFileName] = useState('');
  const [version, setVersion] = useState(0);
  const result = useImport(jobId);
  const running = !!jobId && (!result || result.State < JobState.Done);
  useEffect(() => {
    if (result?.State === JobState.Done) setVersion((v) => v + 1);
  }, [result?.State]);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="sy-class-schemes">
      <Segmented
        value={scheme}
        onChange={(v) => setScheme(v as ClassScheme)}
        options={SCHEMES.map((s) => ({ value: s, label: t(`classification.schemes.scheme.${s}`) }))}
      />
      <Card size="small" title={t('classification.schemes.importTitle')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
            {t('classification.schemes.hint')}
          </Typography.Paragraph>
          {scheme !== 'custom' && <Alert type="warning" showIcon message={t('classification.schemes.shared')} />}
          <Upload.Dragger
            accept=".tsv,.txt,.json"
            showUploadList={false}
            disabled={!canEdit || running}
            customRequest={async ({ file, onSuccess, onError }) => {
              try {
                const body = new FormData();
                body.append('file', file as File);
                const up = await api.post<{ url: string; name: string }>(`${P}/upload/post`, body, { loading: true });
                setFileName(up.name);
                const started = await api.post<{ DataID: number }>(`${P}/Classification/ImportScheme`, {
                  scheme,
                  fileUrl: up.url,
                });
                setJobId(started.DataID);
                onSuccess?.(up);
              } catch (e) {
                onError?.(e as Error);
              }
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {t('classification.schemes.drop', { scheme: t(`classification.schemes.scheme.${scheme}`) })}
            </p>
          </Upload.Dragger>
          {jobId && result && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{t('classification.schemes.file', { name: fileName })}</Typography.Text>
              <ImportOutcome r={result} />
            </Space>
          )}
        </Space>
      </Card>
      <Card size="small" title={t('classification.schemes.browseTitle')}>
        <SchemeBrowser scheme={scheme} version={version} />
      </Card>
    </Space>
  );
}
