import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../kit/ImageUpload.tsx';

/** Several public pictures (library dynamics, the library introduction): add one at a time, remove any. */
export function PicturesInput({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const list = value ?? [];
  return (
    <Space wrap align="start">
      {list.map((url, i) => (
        <Space key={url + String(i)} direction="vertical" size={2} align="center">
          <img src={url} alt="" width={96} height={96} style={{ objectFit: 'cover', borderRadius: 4 }} />
          <Button size="small" type="link" danger onClick={() => onChange?.(list.filter((_, j) => j !== i))}>
            {t('common.delete')}
          </Button>
        </Space>
      ))}
      {list.length < 30 && (
        <ImageUpload category="picture" value={undefined} onChange={(url) => url && onChange?.([...list, url])} />
      )}
    </Space>
  );
}
