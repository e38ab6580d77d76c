import type { RuleTestResult } from '@shuyuan/contracts/circulation-rules/rules';
import { P } from '@shuyuan/contracts/common/paths';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { useOptions } from '../../kit/useOptions.ts';
import { identityOptions, optionFields } from './options.ts';

/** "Test a rule": which rule and borrowing range apply to a reader and a copy (real ones or made up). */
export function RuleTest() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [result, setResult] = useState<RuleTestResult | null>(null);
  const [busy, setBusy] = useState(false);
  const groups = useOptions(optionFields.group);
  const types = useOptions(optionFields.type);
  const locations = useOptions(optionFields.location);
  const run = async () => {
    setBusy(true);
    try {
      const v = form.getFieldsValue();
      setResult(
        await api.post<RuleTestResult>(`${P}/CirculationRules/TestRule`, {
          readerBarcode: v.readerBarcode ?? '',
          identity: v.identity ?? null,
          permissionGroupId: v.permissionGroupId ?? null,
          barcode: v.barcode ?? '',
          resourceTypeId: v.resourceTypeId ?? null,
          locationId: v.locationId ?? null,
        }),
      );
    } finally {
      setBusy(false);
    }
  };
  const nameIn = (opts: { value: unknown; label: string }[], id: number | null) =>
    id === null ? t('circRules.rule.any') : (opts.find((o) => o.value === id)?.label ?? String(id));
  const r = result?.rule;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('circRules.test.title')}>
          <Form form={form} layout="vertical" onFinish={run}>
            <Form.Item
              name="readerBarcode"
              label={t('circRules.test.readerBarcode')}
              extra={t('circRules.test.readerHint')}
            >
              <Input allowClear />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="identity" label={t('circRules.rule.identity')}>
                  <Select allowClear options={identityOptions.map((o) => ({ value: o.value, label: t(o.label) }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="permissionGroupId" label={t('circRules.rule.group')}>
                  <Select allowClear options={groups} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="barcode" label={t('circRules.test.barcode')} extra={t('circRules.test.copyHint')}>
              <Input allowClear />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="resourceTypeId" label={t('circRules.rule.resourceType')}>
                  <Select allowClear options={types} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="locationId" label={t('circRules.rule.location')}>
                  <Select allowClear options={locations} />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('circRules.test.run')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        {result && r && (
          <Card size="small" title={t('circRules.test.answer')}>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('circRules.test.reader')}>
                {result.subject.readerName ?? '—'} ·{' '}
                {result.subject.identity ? t(`circRules.identity.${result.subject.identity}`) : t('circRules.rule.any')}{' '}
                · {nameIn(groups, result.subject.permissionGroupId)}
              </Descriptions.Item>
              <Descriptions.Item label={t('circRules.test.copy')}>
                {result.subject.copyTitle ?? '—'} · {nameIn(types, result.subject.resourceTypeId)} ·{' '}
                {nameIn(locations, result.subject.locationId)}
              </Descriptions.Item>
              <Descriptions.Item label={t('circRules.test.ruleScope')} span={2}>
                {[
                  r.identity ? t(`circRules.identity.${r.identity}`) : null,
                  r.permissionGroupName,
                  r.resourceTypeName,
                  r.locationName,
                ]
                  .filter(Boolean)
                  .join(' · ') || t('circRules.test.catchAll')}
              </Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.maxLoans')}>{r.maxLoans}</Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.loanDays')}>{r.loanDays}</Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.renewDays')}>{r.renewDays}</Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.maxRenewals')}>{r.maxRenewals}</Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.overdueRenewAllowed')}>
                {r.overdueRenewAllowed ? t('kit.yes') : t('kit.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('circRules.rule.overdueLendAllowed')}>
                {r.overdueLendAllowed ? t('kit.yes') : t('kit.no')}
              </Descriptions.Item>
            </Descriptions>
            <Alert
              style={{ marginTop: 12 }}
              type={result.inRange ? 'success' : 'error'}
              showIcon
              message={result.inRange ? t('circRules.test.inRange') : t('circRules.test.outOfRange')}
              description={
                result.range ? (
                  <>
                    {t('circRules.range.locations')}:{' '}
                    {result.range.locationNames.length
                      ? result.range.locationNames.map((n) => <Tag key={n}>{n}</Tag>)
                      : t('circRules.rule.any')}
                    <br />
                    {t('circRules.range.resourceTypes')}:{' '}
                    {result.range.resourceTypeNames.length
                      ? result.range.resourceTypeNames.map((n) => <Tag key={n}>{n}</Tag>)
                      : t('circRules.rule.any')}
                  </>
                ) : (
                  t('circRules.test.noRange')
                )
              }
            />
          </Card>
        )}
      </Col>
    </Row>
  );
}
