import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { api } from '../../app/http.ts';
import { P } from '@shuyuan/contracts/common/paths';
import { HoldingsCode } from '@shuyuan/contracts/holdings/bulk';
import { Alert, Button, Card, Form, Space, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { PatchFields, patchOf } from './forms.tsx';
import { BarcodeBox, ResultTable, lines, upload } from './shared.tsx';
import { useBulk } from './use-bulk.ts';

const CODE = HoldingsCode.bulkEdit;

/** By a list of barcodes: preview before → after, then apply. */
function ByList() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const canEdit = usePermission(`${CODE}:edit`);
  const bulk = useBulk(form);
  const values = Form.useWatch([], form);
  const body = { barcodes: lines(values?.barcodes), set: patchOf(values?.set) };
  return (
    <Form form={form} layout="vertical">
      <Form.Item name="barcodes" label={t('holdings.common.barcodes')} required>
        <BarcodeBox />
      </Form.Item>
      <Typography.Title level={5}>{t('holdings.bulk.setTitle')}</Typography.Title>
      <PatchFields />
      <Space style={{ marginBottom: 16 }}>
        <Button
          className="sy-preview"
          loading={bulk.busy}
          onClick={() => bulk.preview(`${P}/Literature/itemsbatchpreview`, body)}
        >
          {t('holdings.common.preview')}
        </Button>
        {canEdit && (
          <Button
            className="sy-apply"
            type="primary"
            disabled={!bulk.canApply(body)}
            loading={bulk.busy}
            onClick={() => bulk.apply(`${P}/Literature/itemsbatchedit`, body)}
          >
            {t('holdings.common.apply')}
          </Button>
        )}
      </Space>
      <ResultTable data={bulk.data} applied={bulk.applied} />
    </Form>
  );
}

/** From an xlsx/txt file: a barcode column and field columns (names as on screen), or barcodes only. */
function ByFile() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const bulk = useBulk(form);
  const [file, setFile] = useState<{ name: string; url: string } | null>(null);
  const values = Form.useWatch([], form);
  const body = (apply: boolean) => ({ fileUrl: file?.url ?? '', set: patchOf(values?.set), apply });
  return (
    <Form form={form} layout="vertical">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('holdings.bulk.fileHint')} />
      <Space style={{ marginBottom: 16 }}>
        <Button icon={<DownloadOutlined />} onClick={() => void api.download(`${P}/Holdings/BulkEditTemplate`, {})}>
          {t('holdings.bulk.template')}
        </Button>
        <Upload
          accept=".xlsx,.txt,.csv"
          showUploadList={false}
          customRequest={async ({ file: f, onSuccess, onError }) => {
            try {
              const url = await upload(f as File);
              setFile({ name: (f as File).name, url });
              bulk.reset();
              onSuccess?.(url);
            } catch (e) {
              onError?.(e as Error);
            }
          }}
        >
          <Button icon={<UploadOutlined />}>{t('holdings.common.chooseFile')}</Button>
        </Upload>
        {file && <Typography.Text>{file.name}</Typography.Text>}
      </Space>
      <Typography.Title level={5}>{t('holdings.bulk.fileDefaults')}</Typography.Title>
      <PatchFields />
      <Space style={{ marginBottom: 16 }}>
        <Button
          disabled={!file}
          loading={bulk.busy}
          onClick={() => bulk.preview(`${P}/Literature/itemsbatcheditfile`, body(false))}
        >
          {t('holdings.common.preview')}
        </Button>
        <Button
          type="primary"
          disabled={!file || !bulk.canApply(body(false))}
          loading={bulk.busy}
          onClick={() => bulk.apply(`${P}/Literature/itemsbatcheditfile`, body(true))}
        >
          {t('holdings.common.apply')}
        </Button>
      </Space>
      <ResultTable data={bulk.data} applied={bulk.applied} />
    </Form>
  );
}

/** /bulk-editing: set fields of many copies at once, from a list or a file. */
export default function BulkEditPage() {
  const { t } = useTranslation();
  const canImport = usePermission(`${CODE}:import`);
  return (
    <Card className="sy-bulk-edit">
      <Tabs
        items={[
          { key: 'list', label: t('holdings.bulk.byList'), children: <ByList /> },
          ...(canImport ? [{ key: 'file', label: t('holdings.bulk.byFile'), children: <ByFile /> }] : []),
        ]}
      />
    </Card>
  );
}
