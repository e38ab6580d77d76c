import { OVERDUE_MODES, type RuleSettings as Settings } from '@shuyuan/contracts/circulation-rules/rules';
import { P } from '@shuyuan/contracts/common/paths';
import { Button, Card, Form, Radio, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

/** Overdue mode (spec: unified lendable, unified refusal, single processing) and combined borrowing permission. */
export function RuleSettingsPanel() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Settings>();
  const [busy, setBusy] = useState(false);
  const canEdit = usePermission('borrow-permission:edit');
  useEffect(() => {
    api.post<Settings>(`${P}/CirculationRules/GetRuleSettings`, {}).then(
      (s) => form.setFieldsValue(s),
      () => {},
    );
  }, [form]);
  const save = async (v: Settings) => {
    setBusy(true);
    try {
      await api.post(`${P}/CirculationRules/SaveRuleSettings`, v);
      notify.success(t('circRules.settings.saved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ maxWidth: 760 }}>
      <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit}>
        <Form.Item name="overdueMode" label={t('circRules.settings.overdueMode')}>
          <Radio.Group>
            <Space direction="vertical">
              {OVERDUE_MODES.map((m) => (
                <Radio key={m} value={m}>
                  <b>{t(`circRules.settings.mode.${m}`)}</b>
                  <Typography.Text type="secondary"> — {t(`circRules.settings.modeHelp.${m}`)}</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="combinedLimit"
          label={t('circRules.settings.combinedLimit')}
          valuePropName="checked"
          extra={t('circRules.settings.combinedHelp')}
        >
          <Switch />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('circRules.settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
