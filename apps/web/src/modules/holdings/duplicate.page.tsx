import { UploadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import type { DuplicateRow } from '@shuyuan/contracts/holdings/lookup';
import { Alert, Button, Card, Input, Radio, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { lines } from './shared.tsx';

/** /newbook-duplicate-check: which books of a list (ISBNs, or title, author) the library already holds. */
export default function DuplicateCheckPage() {
  const { t } = useTranslation();
  const canExport = usePermission(`${HoldingsCode.duplicate}:export`);
  const [text, setText] = useState('');
  const [show, setShow] = useState<'all' | 'held' | 'new'>('all');
  const [data, setData] = useState<{ List: DuplicateRow[]; held: number; Total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const body = { lines: lines(text, false) };
  const check = async () => {
    setBusy(true);
    try {
      setData(await api.post(`${P}/Holdings/DuplicateCheck`, body));
    } catch {
      // the message is shown by the client
    } finally {
      setBusy(false);
    }
  };
  const rows = (data?.List ?? []).filter((r) => show === 'all' || (show === 'held') === r.held);
  return (
    <Card className="sy-duplicate">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('holdings.duplicate.hint')}</Typography.Text>
        <Input.TextArea
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('holdings.duplicate.placeholder')}
        />
        <Space>
          <Button type="primary" loading={busy} disabled={!body.lines.length} onClick={check}>
            {t('holdings.duplicate.check')}
          </Button>
          <Upload
            accept=".txt,.csv"
            showUploadList={false}
            beforeUpload={async (file) => {
              setText(await file.text());
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('holdings.common.fromTxt')}</Button>
          </Upload>
          {canExport && data && (
            <Button onClick={() => void api.download(`${P}/Holdings/ExportDuplicateCheck`, body)}>
              {t('holdings.common.export')}
            </Button>
          )}
        </Space>
        {data && (
          <>
            <Alert
              type="info"
              showIcon
              message={t('holdings.duplicate.summary', { total: data.Total, held: data.held })}
            />
            <Radio.Group
              optionType="button"
              value={show}
              onChange={(e) => setShow(e.target.value)}
              options={(['all', 'held', 'new'] as const).map((v) => ({
                value: v,
                label: t(`holdings.duplicate.show.${v}`),
              }))}
            />
            <Table<DuplicateRow>
              size="small"
              rowKey={(r, i) => `${r.line}-${i}`}
              dataSource={rows}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: t('holdings.duplicate.col.line'), dataIndex: 'line', width: 260 },
                {
                  title: t('holdings.duplicate.col.held'),
                  width: 110,
                  render: (_, r) =>
                    r.invalidIsbn ? (
                      <Tag color="red">{t('holdings.duplicate.invalidIsbn')}</Tag>
                    ) : r.held ? (
                      <Tag color="orange">{t('holdings.duplicate.yes')}</Tag>
                    ) : (
                      <Tag color="green">{t('holdings.duplicate.no')}</Tag>
                    ),
                },
                { title: t('holdings.duplicate.col.copies'), dataIndex: 'copies', width: 90 },
                {
                  title: t('holdings.duplicate.col.titles'),
                  render: (_, r) => (
                    <Space direction="vertical" size={0}>
                      {r.records.map((x) => (
                        <span key={x.id}>
                          {x.title} {x.author && `/ ${x.author}`} {x.isbn && `· ${x.isbn}`} (
                          {t('holdings.common.copies', { count: x.copies })})
                        </span>
                      ))}
                    </Space>
                  ),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
}
