import { P } from '@shuyuan/contracts/common/paths';
import { type BulkAnswer, HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Tabs, Upload } from 'antd';
import { AllocationPick } from './allocation-pick.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api, fieldErrors } from '../../app/http.ts';
import { BarcodeBox, ResultTable, lines } from './shared.tsx';
import { TargetFields } from './target-fields.tsx';

/** Transfer a list of copies (typed, scanned or from a txt file); copies on loan are refused. */
function ByList() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canAllocate = usePermission(`${HoldingsCode.allocation}:allocate`);
  const [data, setData] = useState<(BulkAnswer & { batchNo: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const { modal } = App.useApp();
  const submit = (v: Record<string, any>) =>
    modal.confirm({
      title: t('holdings.common.confirmTitle'),
      content: t('holdings.allocation.confirm', { n: lines(v.barcodes).length }),
      onOk: () => transfer(v),
    });
  const transfer = async (v: Record<string, any>) => {
    setBusy(true);
    try {
      setData(
        await api.post(`${P}/Literature/AllocationV2`, {
          barcodes: lines(v.barcodes),
          toLocationId: v.toLocationId,
          toBranchId: v.toBranchId,
          remark: v.remark ?? '',
        }),
      );
    } catch (e) {
      fieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Form form={form} layout="vertical" onFinish={submit}>
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
        <TargetFields />
        {canAllocate && (
          <Button type="primary" htmlType="submit" loading={busy} style={{ marginBottom: 16 }}>
            {t('holdings.allocation.transfer')}
          </Button>
        )}
      </Form>
      {data && data.okCount > 0 && (
        <Alert
          style={{ marginBottom: 8 }}
          type="info"
          message={t('holdings.allocation.batchNo', { no: data.batchNo })}
        />
      )}
      <ResultTable data={data} applied />
    </>
  );
}

/** /allocation: transfer copies to another branch/location (by barcodes, or picked by conditions). */
export default function AllocationPage() {
  const { t } = useTranslation();
  const canAllocate = usePermission(`${HoldingsCode.allocation}:allocate`);
  return (
    <Card className="sy-allocation">
      <Tabs
        items={[
          { key: 'list', label: t('holdings.bulk.byList'), children: <ByList /> },
          {
            key: 'pick',
            label: t('holdings.allocation.byCondition'),
            children: <AllocationPick canAllocate={canAllocate} />,
          },
        ]}
      />
    </Card>
  );
}
