import { P } from '@shuyuan/contracts/common/paths';
import { UnionLoanRuleBody } from '@shuyuan/contracts/union/lending';
import { Button, Divider, Form, InputNumber, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { clearOnChange, postChecked } from '../catalogue/submit.ts';

/** The union's lending rule (loans per reader, loan days): every member sees it, its managers change it. */
export function LoanRuleForm({ unionId, canEdit }: { unionId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  useEffect(() => {
    api
      .post<{ maxLoans: number; loanDays: number }>(`${P}/Union/GetLoanRule`, { unionId })
      .then((r) => form.setFieldsValue(r))
      .catch(() => {});
  }, [unionId, form]);
  const save = async () => {
    const body = { unionId, ...form.getFieldsValue() };
    if ((await postChecked(form, UnionLoanRuleBody, `${P}/Union/SaveLoanRule`, body)) === undefined) return;
    notify.success(t('union.mana.saved'));
  };
  return (
    <>
      <Divider titlePlacement="start">{t('union.lend.rule.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('union.lend.rule.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        disabled={!canEdit}
        className="sy-union-loan-rule"
        onValuesChange={clearOnChange(form)}
      >
        <Space wrap>
          <Form.Item name="maxLoans" label={t('union.lend.rule.maxLoans')}>
            <InputNumber min={0} max={50} />
          </Form.Item>
          <Form.Item name="loanDays" label={t('union.lend.rule.loanDays')}>
            <InputNumber min={1} max={365} />
          </Form.Item>
          {canEdit && (
            <Button type="primary" onClick={save}>
              {t('union.lend.rule.save')}
            </Button>
          )}
        </Space>
      </Form>
    </>
  );
}
