import { P } from '@shuyuan/contracts/common/paths';
import type { MarcPreviewRow, MarcReadOptions } from '@shuyuan/contracts/marc/api';
import type { MarcRecord } from '@shuyuan/contracts/marc/record';
import { Alert, Button, Drawer, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { MarcTags } from './marc-tags.tsx';

type One =
  | { ok: true; index: number; flavour: string; record: MarcRecord; warnings: string[] }
  | { ok: false; index: number; error: string; detail: string };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** PreviewTable: what the first records of the file become; a row opens PreviewMarc (the record's tags). */
export function PreviewTable({
  rows,
  loading,
  fileUrl,
  read,
}: {
  rows: MarcPreviewRow[];
  loading: boolean;
  fileUrl: string;
  read: MarcReadOptions;
}) {
  const { t } = useTranslation();
  const [one, setOne] = useState<One | null>(null);
  const open = async (index: number) =>
    setOne(await api.post<One>(`${P}/Marc/PreviewMarc`, { fileUrl, index, ...read }, { loading: true }));
  const bad = rows.filter((r) => !r.ok).length;
  return (
    <>
      {rows.length > 0 && (
        <Alert
          type={bad ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 12 }}
          message={t('marc.preview.summary', { shown: rows.length, good: rows.length - bad, bad })}
        />
      )}
      <Table<MarcPreviewRow>
        size="small"
        rowKey="index"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        onRow={(r) => ({ onClick: () => void open(r.index), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('marc.preview.no'), dataIndex: 'index', width: 60, render: (i: number) => i + 1 },
          {
            title: t('marc.preview.state'),
            width: 90,
            render: (_, r) =>
              r.ok ? (
                <Tag color="success">{t('marc.preview.ok')}</Tag>
              ) : (
                <Tag color="error">{t('marc.preview.bad')}</Tag>
              ),
          },
          { title: t('marc.field.title'), render: (_, r) => text(r.fields?.title) },
          { title: t('marc.field.author'), render: (_, r) => text(r.fields?.author), width: 160 },
          { title: t('marc.field.isbn'), render: (_, r) => text(r.fields?.isbn), width: 140 },
          { title: t('marc.field.publisher'), render: (_, r) => text(r.fields?.publisher), width: 160 },
          { title: t('marc.field.year'), render: (_, r) => text(r.fields?.year), width: 70 },
          {
            title: t('marc.preview.copies'),
            width: 80,
            render: (_, r) =>
              r.copies?.length ? (
                <Tooltip
                  title={r.copies.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: copies in field order
                    <div key={i}>
                      {[c.barcode || t('marc.preview.noBarcode'), c.location, c.callNo].filter(Boolean).join(' · ')}
                    </div>
                  ))}
                >
                  <Tag>{r.copies.length}</Tag>
                </Tooltip>
              ) : null,
          },
          {
            title: t('marc.preview.problems'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {r.errors.map((e) => (
                  <Typography.Text key={e} type="danger">
                    {e}
                  </Typography.Text>
                ))}
                {r.warnings.map((w) => (
                  <Typography.Text key={w} type="warning">
                    {w}
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          {
            title: '',
            width: 90,
            render: (_, r) => (
              <Button
                size="small"
                type="link"
                onClick={(e) => {
                  e.stopPropagation();
                  void open(r.index);
                }}
              >
                {t('marc.preview.tags')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={!!one}
        width={720}
        onClose={() => setOne(null)}
        title={one ? t('marc.preview.record', { n: one.index + 1 }) : ''}
        destroyOnHidden
      >
        {one && !one.ok && (
          <Alert
            type="error"
            showIcon
            message={one.error}
            description={
              // The parser's own words (English, byte offsets): for whoever fixes the file, not translated.
              one.detail ? (
                <details className="sy-marc-detail">
                  <summary>{t('marc.preview.technical')}</summary>
                  <Typography.Text type="secondary" code lang="en">
                    {one.detail}
                  </Typography.Text>
                </details>
              ) : undefined
            }
          />
        )}
        {one?.ok && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('marc.preview.flavour', { flavour: one.flavour })}</Typography.Text>
            {one.warnings.map((w) => (
              <Alert key={w} type="warning" showIcon message={w} />
            ))}
            <MarcTags record={one.record} />
          </Space>
        )}
      </Drawer>
    </>
  );
}
