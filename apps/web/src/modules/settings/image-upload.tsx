import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { P } from '@shuyuan/contracts/common/paths';
import {
  UPLOAD_IMAGE_EXT,
  UPLOAD_IMAGE_MAX,
  type UploadPublicCategory,
  type UploadResult,
} from '@shuyuan/contracts/settings/upload';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { UploadedImage } from '../../kit/UploadedImage.tsx';

/**
 * One image through P/upload/post; the form value is its URL (spec §5: upload one image only). A public
 * `category` (the school logo) is shown to anyone; without it (a feedback screenshot) only to the school's members.
 */
export function ImageUpload({
  value,
  onChange,
  category,
}: {
  value?: string;
  onChange?: (url: string) => void;
  category?: UploadPublicCategory;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start">
      {value && <UploadedImage src={value} width={96} height={96} style={{ objectFit: 'contain' }} />}
      <Upload
        accept={UPLOAD_IMAGE_EXT.join(',')}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > UPLOAD_IMAGE_MAX) {
            notify.error(t('settings.upload.tooLarge', { mb: UPLOAD_IMAGE_MAX / 1048576 }));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const body = new FormData();
          if (category) body.append('category', category);
          body.append('file', file as File);
          setBusy(true);
          try {
            const r = await api.post<UploadResult>(`${P}/upload/post`, body);
            onChange?.(r.url);
            onSuccess?.(r);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('settings.upload.choose')}
        </Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} aria-label={t('settings.upload.remove')} onClick={() => onChange?.('')} />
      )}
    </Space>
  );
}
