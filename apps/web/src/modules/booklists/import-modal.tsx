import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { BookListDto, ImportResult } from '@shuyuan/contracts/booklists/booklist';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';

/**
 * Import a list's books from xlsx: upload, the server adds the good rows at once and answers the bad ones with
 * their reasons, shown here.
 */
export function ImportModal({
  list,
  onClose,
  onDone,
}: {
  list: BookListDto | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  return (
    <Modal
      open={!!list}
      title={t('booklists.import.title', { name: list?.name ?? '' })}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={720}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text>{t('booklists.import.hint')}</Typography.Text>
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void api.download(`${P}/BookLists/GetImportTemplate`, {})}>
            {t('booklists.import.template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={async ({ file, onSuccess, onError }) => {
              const body = new FormData();
              body.append('file', file as File);
              setBusy(true);
              try {
                const up = await api.post<{ url: string }>(`${P}/upload/post`, body);
                const r = await api.post<ImportResult>(`${P}/BookLists/ImportEntries`, {
                  id: list?.id,
                  fileUrl: up.url,
                });
                setResult(r);
                onSuccess?.(r);
                onDone();
              } catch (e) {
                onError?.(e as Error);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="booklist-import-choose">
              {t('booklists.import.choose')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <div data-testid="booklist-import-report">
            <Alert
              type={result.errors.length ? 'warning' : 'success'}
              showIcon
              message={t('booklists.import.summary', {
                added: result.added,
                linked: result.linked,
                bad: result.errors.length,
              })}
            />
            {result.errors.length > 0 && (
              <Table
                size="small"
                rowKey="rowNo"
                pagination={false}
                style={{ marginTop: 12 }}
                dataSource={result.errors}
                columns={[
                  { title: t('booklists.import.row'), dataIndex: 'rowNo', width: 80 },
                  { title: t('booklists.import.reason'), dataIndex: 'reason' },
                ]}
              />
            )}
          </div>
        )}
      </Space>
    </Modal>
  );
}
