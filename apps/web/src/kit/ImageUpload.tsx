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
import { api } from '../app/http.ts';
import { notify } from '../app/notify.ts';
import { UploadedImage } from './UploadedImage.tsx';

/**
 * One image (spec §5: upload one image only), uploaded through POST P/upload/post; the value is its url. With a
 * public `category` (a location map, a library picture) anyone may see it; otherwise (a reader photo) only the
 * school's signed-in members.
 */
export function ImageUpload({
  value,
  onChange,
  category,
}: {
  value?: string;
  onChange?: (url: string | null) => void;
  category?: UploadPublicCategory;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (file.size > UPLOAD_IMAGE_MAX) {
      notify.error(t('kit.image.tooBig', { mb: UPLOAD_IMAGE_MAX / 1024 / 1024 }));
      return;
    }
    const fd = new FormData();
    if (category) fd.append('category', category);
    fd.append('file', file, file.name);
    setBusy(true);
    try {
      const r = await api.post<UploadResult>(`${P}/upload/post`, fd);
      onChange?.(r.url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start">
      {value ? <UploadedImage src={value} width={96} height={96} style={{ objectFit: 'cover' }} /> : null}
      <Upload
        accept={UPLOAD_IMAGE_EXT.join(',')}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t(value ? 'kit.image.replace' : 'kit.image.upload')}
        </Button>
      </Upload>
      {value ? (
        <Button icon={<DeleteOutlined />} aria-label={t('kit.image.remove')} onClick={() => onChange?.(null)} />
      ) : null}
    </Space>
  );
}
