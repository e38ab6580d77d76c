import { UploadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
/** Shown when the cover cannot be loaded (a wrong or unreachable URL): a plain grey book outline. */
const BROKEN =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='48' height='64'><rect x='1' y='1' width='46' height='62' rx='3' fill='%23f5f5f5' stroke='%23d9d9d9'/><path d='M14 20h20M14 28h20M14 36h12' stroke='%23bfbfbf' stroke-width='2'/></svg>";

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
    <div className="sy-cover-field" style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
      {value ? <Image src={value} width={48} height={64} fallback={BROKEN} style={{ objectFit: 'cover' }} /> : null}
      <Space.Compact style={{ flex: 1 }}>
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
            body.append('category', 'cover');
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
    </div>
  );
}
