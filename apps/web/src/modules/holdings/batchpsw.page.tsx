import { P } from '@shuyuan/contracts/common/paths';
import { PASSWORD_RULES } from '@shuyuan/contracts/holdings/access';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert, App, Button, Card, Form, Input, Radio, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { lines, useList } from './shared.tsx';

/** "一年级 1班": a class name alone repeats across grades. */
const classLabel = (r: Record<string, unknown>) => [r.gradeName, r.name].filter(Boolean).join(' ');

interface Reset {
  List: { id: number; account: string; name: string; className: string | null; password: string }[];
  count: number;
  missing: string[];
}

/** /batchpsw: reset the passwords of the readers of some classes or a list of accounts, by a rule. */
export default function BatchPasswordPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm();
  const canReset = usePermission(`${HoldingsCode.password}:reset`);
  const classes = useList(`${P}/Org/GetClassList`, classLabel);
  const [data, setData] = useState<Reset | null>(null);
  const rule = Form.useWatch('rule', form) ?? 'accountTail';
  const submit = (v: { classIds?: number[]; accounts?: string; rule: string; fixed?: string }) =>
    modal.confirm({
      title: t('holdings.common.confirmTitle'),
      content: t('holdings.password.confirm'),
      onOk: async () => {
        try {
          setData(
            await api.post(`${P}/Holdings/ResetPasswords`, {
              classIds: v.classIds ?? [],
              accounts: lines(v.accounts),
              rule: v.rule,
              fixed: v.fixed,
            }),
          );
        } catch (e) {
          fieldErrors(form, e);
        }
      },
    });
  const print = () => {
    const w = window.open('', '_blank');
    if (!w || !data) return;
    const esc = (s: string | null) => (s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const cells = (l: (string | null)[], tag: string) => l.map((c) => `<${tag}>${esc(c)}</${tag}>`).join('');
    const head = ['class', 'account', 'name', 'password'].map((k) => t(`holdings.password.${k}`));
    const rows = data.List.map((r) => `<tr>${cells([r.className, r.account, r.name, r.password], 'td')}</tr>`);
    w.document.write(
      `<table border="1" cellpadding="4" style="border-collapse:collapse"><tr>${cells(head, 'th')}</tr>${rows.join('')}</table>`,
    );
    w.document.close();
    w.print();
  };
  return (
    <Card className="sy-batchpsw">
      <Form form={form} layout="vertical" initialValues={{ rule: 'accountTail' }} onFinish={submit}>
        <Form.Item name="classIds" label={t('holdings.password.classes')}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            options={classes}
            style={{ maxWidth: 600 }}
          />
        </Form.Item>
        <Form.Item name="accounts" label={t('holdings.password.accounts')}>
          <Input.TextArea rows={4} style={{ maxWidth: 600 }} placeholder={t('holdings.password.accountsHint')} />
        </Form.Item>
        <Form.Item name="rule" label={t('holdings.password.rule')}>
          <Radio.Group options={PASSWORD_RULES.map((r) => ({ value: r, label: t(`holdings.password.rules.${r}`) }))} />
        </Form.Item>
        {rule === 'fixed' && (
          <Form.Item name="fixed" label={t('holdings.password.fixed')}>
            <Input.Password style={{ width: 260 }} autoComplete="new-password" />
          </Form.Item>
        )}
        {canReset && (
          <Button type="primary" htmlType="submit" danger>
            {t('holdings.password.reset')}
          </Button>
        )}
      </Form>
      {data && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Alert type="success" showIcon message={t('holdings.password.done', { count: data.count })} />
          {data.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={t('holdings.password.missing', { list: data.missing.join(', ') })}
            />
          )}
          <Button onClick={print}>{t('holdings.password.print')}</Button>
          <Table
            size="small"
            rowKey="id"
            dataSource={data.List}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: t('holdings.password.class'), dataIndex: 'className' },
              { title: t('holdings.password.account'), dataIndex: 'account' },
              { title: t('holdings.password.name'), dataIndex: 'name' },
              { title: t('holdings.password.password'), dataIndex: 'password' },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
