import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldControl, itemProps } from './controls.tsx';
import type { FieldDef } from './types.ts';

/** The search form: SearchKey plus the fields marked inSearch (sent as filters of the same name). */
export function SearchBar({
  fields,
  listUrl,
  onSearch,
  extra,
}: {
  fields: FieldDef[];
  listUrl: string;
  onSearch: (values: Record<string, unknown>) => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const submit = () => {
    const v = form.getFieldsValue();
    const clean: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined && x !== null && x !== '') clean[k] = x;
    onSearch(clean);
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item name="SearchKey">
        <Input allowClear placeholder={t('kit.search.placeholder')} style={{ width: 220 }} />
      </Form.Item>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(f.label)} {...(f.type === 'switch' ? {} : itemProps(f))}>
          <FieldControl field={f} listUrl={listUrl} search style={{ minWidth: 140 }} />
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('kit.search.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            submit();
          }}
        >
          {t('kit.search.reset')}
        </Button>
      </Form.Item>
      {extra}
    </Form>
  );
}
