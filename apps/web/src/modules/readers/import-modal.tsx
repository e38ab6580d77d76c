import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@shuyuan/contracts/common/paths';
import type { ExportStarted } from '@shuyuan/contracts/kit/resource';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/**
 * Import from xlsx: upload the file, start the server's import job, follow it in the download panel; its
 * result file lists every row (imported, or the reason it was refused).
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [updateExisting, setUpdateExisting] = useState(false);
  return (
    <Modal open={open} title={t('readers.import.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" size="middle">
        <Typography.Text>{t('readers.import.hint')}</Typography.Text>
        <Checkbox
          checked={updateExisting}
          onChange={(e) => setUpdateExisting(e.target.checked)}
          data-testid="import-update-existing"
        >
          {t('readers.import.updateExisting')}
        </Checkbox>
        {updateExisting && <Typography.Text type="secondary">{t('readers.import.updateHint')}</Typography.Text>}
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => void api.download(`${P}/Readers/GetImportTemplate`, {})}>
            {t('readers.import.template')}
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
                const job = await api.post<ExportStarted>(`${P}/Readers/ImportReaders`, {
                  fileUrl: up.url,
                  updateExisting,
                });
                downloads.track({ id: job.DataID, fileName: job.FileName });
                notify.success(t('readers.import.started'));
                onSuccess?.(job);
                onClose();
              } catch (e) {
                onError?.(e as Error);
              } finally {
                setBusy(false);
              }
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {t('readers.import.choose')}
            </Button>
          </Upload>
        </Space>
      </Space>
    </Modal>
  );
}
