import { P } from '@shuyuan/contracts/common/paths';
import { BATCH_DATA_OPS, HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert, Button, Card, Form, Radio, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { FilterFields, filterOf } from './forms.tsx';
import { ResultTable } from './shared.tsx';
import { useBulk } from './use-bulk.ts';

/** /batchdata: data operations over the copies of a condition, each previewed before it runs. */
export default function BatchDataPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canEdit = usePermission(`${HoldingsCode.batchData}:edit`);
  const bulk = useBulk(form);
  const values = Form.useWatch([], form);
  const op = values?.op ?? 'callNo';
  const body = {
    op,
    filter: filterOf(values?.filter),
    separator: values?.separator ?? '/',
    overwrite: values?.overwrite ?? false,
  };
  return (
    <Card className="sy-batch-data">
      <Form form={form} layout="vertical" initialValues={{ op: 'callNo', separator: '/', overwrite: false }}>
        <Form.Item name="op" label={t('holdings.data.op')}>
          <Radio.Group
            optionType="button"
            options={BATCH_DATA_OPS.map((o) => ({ value: o, label: t(`holdings.data.ops.${o}`) }))}
          />
        </Form.Item>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t(`holdings.data.help.${op}`)} />
        <Space size="large">
          {op === 'callNo' && (
            <Form.Item name="separator" label={t('holdings.data.separator')}>
              <Select
                style={{ width: 160 }}
                options={[
                  { value: '/', label: 'I247.5/12' },
                  { value: '-', label: 'I247.5-12' },
                  { value: ' ', label: 'I247.5 12' },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="overwrite" label={t('holdings.data.overwrite')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('holdings.condition.which')}</Typography.Title>
        <FilterFields />
        <Space style={{ marginBottom: 16 }}>
          <Button loading={bulk.busy} onClick={() => bulk.preview(`${P}/Holdings/BatchDataPreview`, body)}>
            {t('holdings.common.preview')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              disabled={!bulk.canApply(body)}
              loading={bulk.busy}
              onClick={() => bulk.apply(`${P}/Holdings/BatchDataApply`, body)}
            >
              {t('holdings.common.apply')}
            </Button>
          )}
        </Space>
        <ResultTable data={bulk.data} applied={bulk.applied} />
      </Form>
    </Card>
  );
}
