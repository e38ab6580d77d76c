import { UploadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

interface Props {
  value?: string;
  onChange?: (url: string) => void;
}

/**
 * The record's cover (a form control): an image URL typed or pasted, or an image uploaded through
 * P/upload/post (stored in the school's files, served from /files/uploads/…); a thumbnail shows it.
 */
export function CoverField({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" className="sy-cover-field" style={{ width: '100%' }}>
      {value ? <Image src={value} width={48} height={64} style={{ objectFit: 'cover' }} /> : null}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          allowClear
          value={value}
          placeholder={t('catalogue.cover.urlPlaceholder')}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (IMAGE_TYPES.includes(file.type)) return true;
            notify.error(t('catalogue.cover.notImage'));
            return Upload.LIST_IGNORE;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append('file', file as File);
            setBusy(true);
            try {
              const up = await api.post<{ url: string }>(`${P}/upload/post`, body);
              onChange?.(up.url);
              notify.success(t('catalogue.cover.uploaded'));
              onSuccess?.(up);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} className="sy-cover-upload">
            {t('catalogue.cover.upload')}
          </Button>
        </Upload>
      </Space.Compact>
    </Space>
  );
}
