import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a batch is read from: lines typed or pasted, or a file (.xlsx, .csv, .txt) — a chosen file wins. */
export interface ListSourceValue {
  text: string;
  file: File | null;
}

export const emptySource: ListSourceValue = { text: '', file: null };

/** Non-blank lines are kept with their blanks inside (the server numbers lines as given). */
export const textLines = (text: string) => text.split(/\r?\n/).map((l) => l.trim());

export function ListSource({
  value,
  onChange,
  placeholder,
  hint,
}: {
  value: ListSourceValue;
  onChange: (v: ListSourceValue) => void;
  placeholder: string;
  hint: string;
}) {
  const { t } = useTranslation();
  const count = textLines(value.text).filter(Boolean).length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        rows={10}
        value={value.text}
        disabled={Boolean(value.file)}
        placeholder={placeholder}
        data-testid="batch-text"
        onChange={(e) => onChange({ ...value, text: e.target.value })}
      />
      <Space wrap>
        <Typography.Text type="secondary">{t('circulation.batch.lineCount', { count })}</Typography.Text>
        <Upload
          accept=".xlsx,.csv,.txt"
          maxCount={1}
          fileList={value.file ? [{ uid: '1', name: value.file.name, status: 'done' }] : []}
          beforeUpload={(f) => {
            onChange({ ...value, file: f });
            return false;
          }}
          onRemove={() => onChange({ ...value, file: null })}
        >
          <Button icon={<UploadOutlined />}>{t('circulation.batch.chooseFile')}</Button>
        </Upload>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Space>
    </Space>
  );
}
