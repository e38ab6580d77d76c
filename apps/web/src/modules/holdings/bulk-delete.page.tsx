import { P } from '@shuyuan/contracts/common/paths';
import { type BulkAnswer, HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert, Button, Card, Checkbox, Form, Radio, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { FilterFields, filterOf } from './forms.tsx';
import { BarcodeBox, ResultTable, lines } from './shared.tsx';
import { useBulk } from './use-bulk.ts';

/** /delete-records-bulk: delete copies by a barcode list (typed or from a txt file) or by conditions. */
export default function BulkDeletePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canDelete = usePermission(`${HoldingsCode.bulkDelete}:delete`);
  const bulk = useBulk<BulkAnswer & { recordsRemoved: number }>(form);
  const values = Form.useWatch([], form);
  const by = values?.by ?? 'list';
  const body =
    by === 'list'
      ? { barcodes: lines(values?.barcodes), removeEmptyRecords: !!values?.removeEmptyRecords }
      : { filter: filterOf(values?.filter), removeEmptyRecords: !!values?.removeEmptyRecords };
  return (
    <Card className="sy-bulk-delete">
      <Form form={form} layout="vertical" initialValues={{ by: 'list', removeEmptyRecords: false }}>
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('holdings.delete.warning')} />
        <Form.Item name="by">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'list', label: t('holdings.delete.byList') },
              { value: 'condition', label: t('holdings.delete.byCondition') },
            ]}
          />
        </Form.Item>
        {by === 'list' ? (
          <>
            <Form.Item name="barcodes" label={t('holdings.common.barcodes')}>
              <BarcodeBox />
            </Form.Item>
            <Upload
              accept=".txt,.csv"
              showUploadList={false}
              beforeUpload={async (file) => {
                form.setFieldValue('barcodes', await file.text());
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} style={{ marginBottom: 16 }}>
                {t('holdings.common.fromTxt')}
              </Button>
            </Upload>
          </>
        ) : (
          <FilterFields />
        )}
        <Form.Item name="removeEmptyRecords" valuePropName="checked">
          <Checkbox>{t('holdings.delete.removeEmpty')}</Checkbox>
        </Form.Item>
        <Space style={{ marginBottom: 16 }}>
          <Button loading={bulk.busy} onClick={() => bulk.preview(`${P}/Holdings/DeleteCopiesPreview`, body)}>
            {t('holdings.common.preview')}
          </Button>
          {canDelete && (
            <Button
              danger
              type="primary"
              disabled={!bulk.canApply(body)}
              loading={bulk.busy}
              onClick={() => bulk.apply(`${P}/Holdings/DeleteCopies`, body)}
            >
              {t('holdings.delete.delete')}
            </Button>
          )}
        </Space>
        {bulk.data && body.removeEmptyRecords && (
          <Alert
            style={{ marginBottom: 8 }}
            type="info"
            message={t(bulk.applied ? 'holdings.delete.recordsRemoved' : 'holdings.delete.recordsToRemove', {
              count: bulk.data.recordsRemoved,
            })}
          />
        )}
        <ResultTable data={bulk.data} applied={bulk.applied} />
      </Form>
    </Card>
  );
}
