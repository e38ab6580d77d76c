import { P } from '@shuyuan/contracts/common/paths';
import { Checkbox, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloads } from '../../app/downloads/downloads.ts';
import { api } from '../../app/http.ts';

interface Column {
  key: string;
  label: string;
  default: boolean;
}

interface Props {
  open: boolean;
  /** The list's current filters: the export has the same rows. */
  filters: Record<string, unknown>;
  total: number;
  onClose: () => void;
}

/**
 * Export of the copy list: choose the columns (P/Download/ColumnScreen), then the xlsx is written by a
 * background task (P/DownloadV2/Collection) that the download panel follows.
 */
export function ColumnExport({ open, filters, total, onClose }: Props) {
  const { t } = useTranslation();
  const [columns, setColumns] = useState<Column[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    api
      .post<Column[]>(`${P}/Download/ColumnScreen`, { type: 'collection' })
      .then((c) => {
        setColumns(c);
        setChosen(c.filter((x) => x.default).map((x) => x.key));
      })
      .catch(onClose);
  }, [open, onClose]);

  const start = async () => {
    setBusy(true);
    try {
      // Keep the columns in the list's order, whatever order they were ticked in.
      const keys = columns.map((c) => c.key).filter((k) => chosen.includes(k));
      const job = await api.post<{ DataID: number; FileName: string }>(`${P}/DownloadV2/Collection`, {
        ...filters,
        columns: keys,
      });
      downloads.track({ id: job.DataID, fileName: job.FileName });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('catalogue.export.title')}
      okText={t('catalogue.export.start')}
      cancelText={t('catalogue.cancel')}
      okButtonProps={{ disabled: !chosen.length }}
      confirmLoading={busy}
      onOk={() => void start().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('catalogue.export.rows', { count: total })}</Typography.Text>
        <Space>
          <a onClick={() => setChosen(columns.map((c) => c.key))}>{t('catalogue.export.all')}</a>
          <a onClick={() => setChosen(columns.filter((c) => c.default).map((c) => c.key))}>
            {t('catalogue.export.defaults')}
          </a>
        </Space>
        <Checkbox.Group
          className="sy-export-columns"
          value={chosen}
          onChange={(v) => setChosen(v as string[])}
          options={columns.map((c) => ({ value: c.key, label: c.label }))}
        />
      </Space>
    </Modal>
  );
}
