import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Button, Card, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { FilterFields, filterOf, PatchFields, patchOf } from './forms.tsx';
import { ResultTable } from './shared.tsx';
import { useBulk } from './use-bulk.ts';

/** /batchcondition: choose copies by conditions, set fields, preview how many change, then apply. */
export default function ConditionEditPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canEdit = usePermission(`${HoldingsCode.condition}:edit`);
  const bulk = useBulk(form);
  const values = Form.useWatch([], form);
  const body = { filter: filterOf(values?.filter), set: patchOf(values?.set) };
  return (
    <Card className="sy-condition">
      <Form form={form} layout="vertical">
        <Typography.Title level={5}>{t('holdings.condition.which')}</Typography.Title>
        <FilterFields />
        <Typography.Title level={5}>{t('holdings.bulk.setTitle')}</Typography.Title>
        <PatchFields />
        <Space style={{ marginBottom: 16 }}>
          <Button loading={bulk.busy} onClick={() => bulk.preview(`${P}/Holdings/ConditionPreview`, body)}>
            {t('holdings.common.preview')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              disabled={!bulk.canApply(body)}
              loading={bulk.busy}
              onClick={() => bulk.apply(`${P}/Holdings/ConditionApply`, body)}
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
