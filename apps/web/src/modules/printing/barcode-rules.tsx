import { validateBarcode } from '@shuyuan/contracts/printing/barcode';
import { BARCODE_RULE_KINDS, type BarcodeRuleDto, BarcodeRuleSave } from '@shuyuan/contracts/printing/barcode-rule';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { PR, useBarcodeRules } from './api.ts';

/** One rule (book or reader) with its form, the impact on existing copies and a barcode tester. */
function RuleCard({ rule, onSaved }: { rule: BarcodeRuleDto; onSaved: () => void }) {
  const { t } = useTranslation();
  const canEdit = usePermission('barcode-prepriting:edit');
  const [form] = Form.useForm();
  const [impact, setImpact] = useState<{ count: number; sample: string[] } | null>(null);
  const [probe, setProbe] = useState('');
  const values = Form.useWatch([], form);
  useEffect(() => form.setFieldsValue(rule), [rule, form]);

  const parsed = values ? BarcodeRuleSave.safeParse({ ...values, kind: rule.kind }) : null;
  const probeResult = probe && parsed?.success && parsed.data.enabled ? validateBarcode(probe, parsed.data) : null;

  const save = async () => {
    const body = { ...form.getFieldsValue(), kind: rule.kind };
    const check = BarcodeRuleSave.safeParse(body);
    if (!check.success) {
      form.setFields(check.error.issues.map((i) => ({ name: i.path as string[], errors: [t(i.message)] })));
      return;
    }
    try {
      await api.post(`${PR}/SaveBarcodeRule`, body);
      notify.success(t('printing.rule.saved'));
      onSaved();
      if (rule.kind === 'book' && check.data.enabled) setImpact(await api.post(`${PR}/CheckRuleImpact`, check.data));
    } catch (e) {
      fieldErrors(form, e);
    }
  };

  return (
    <Card size="small" title={t(`printing.rule.kinds.${rule.kind}`)} data-testid={`rule-${rule.kind}`}>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={rule}
        onValuesChange={(c) => form.setFields(Object.keys(c).map((name) => ({ name, errors: [] })))}
      >
        <Form.Item name="enabled" label={t('printing.rule.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="prefix" label={t('printing.rule.prefix')}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="length" label={t('printing.rule.length')} tooltip={t('printing.rule.lengthHelp')}>
              <InputNumber min={0} max={32} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="checkDigit"
              label={t('printing.rule.checkDigit')}
              valuePropName="checked"
              tooltip={t('printing.rule.checkDigitHelp')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        {canEdit && (
          <Button type="primary" onClick={() => void save().catch(() => {})}>
            {t('printing.rule.save')}
          </Button>
        )}
      </Form>
      <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
        <Typography.Text type="secondary">
          {rule.enabled ? `${t('printing.rule.example')}: ${rule.example || '—'}` : t('printing.rule.noRule')}
        </Typography.Text>
        {impact && (
          <Alert
            type={impact.count ? 'warning' : 'success'}
            showIcon
            message={
              impact.count
                ? t('printing.rule.impact', { count: impact.count, sample: impact.sample.join(', ') })
                : t('printing.rule.impactNone')
            }
          />
        )}
        <Input
          allowClear
          value={probe}
          onChange={(e) => setProbe(e.target.value.trim())}
          placeholder={t('printing.rule.testPlaceholder')}
          addonBefore={t('printing.rule.test')}
        />
        {probeResult && (
          <Typography.Text type={probeResult.ok ? 'success' : 'danger'}>
            {probeResult.ok ? t('printing.rule.valid') : t(probeResult.key, probeResult.params)}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/** The "Barcode rules" tab of /barcode-prepriting: book barcodes and reader card numbers, with the algorithm. */
export function BarcodeRules() {
  const { t } = useTranslation();
  const { rules, reload } = useBarcodeRules();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message={t('printing.rule.checkDigit')}
        description={t('printing.rule.checkDigitHelp')}
      />
      <Row gutter={16}>
        {BARCODE_RULE_KINDS.map((k) => {
          const r = rules.find((x) => x.kind === k);
          return (
            r && (
              <Col xs={24} lg={12} key={k}>
                <RuleCard rule={r} onSaved={() => void reload()} />
              </Col>
            )
          );
        })}
      </Row>
    </Space>
  );
}
