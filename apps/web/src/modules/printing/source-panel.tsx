import { P } from '@shuyuan/contracts/common/paths';
import { validateBarcode } from '@shuyuan/contracts/printing/barcode';
import { Alert, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptions } from '../../kit/useOptions.ts';
import { useBarcodeRules } from './api.ts';
import { lines, type SourceKind } from './source.ts';

const list = (url: string, label: string) => ({
  name: 'x',
  label: '',
  type: 'select' as const,
  options: { url, body: { Page: 1, Rows: 500 }, list: true, value: 'id', label },
});
const BATCHES = list(`${P}/Catalogue/GetBatchList`, 'batchNo');
const GRADES = list(`${P}/Org/GetGradeList`, 'name');
const CLASSES = list(`${P}/Org/GetClassList`, 'name');

/** Barcode list with a live check against the school's book barcode rule (typed or scanned lines). */
function BarcodeLines() {
  const { t } = useTranslation();
  const rule = useBarcodeRules().rules.find((r) => r.kind === 'book' && r.enabled);
  const text = Form.useWatch('barcodes');
  const bad = rule ? lines(text).filter((b) => !validateBarcode(b, rule).ok) : [];
  return (
    <>
      <Form.Item
        name="barcodes"
        label={t('printing.work.barcodes')}
        extra={t('printing.work.lines', { n: lines(text).length })}
      >
        <Input.TextArea rows={8} placeholder={t('printing.work.barcodesPlaceholder')} className="sy-mono" />
      </Form.Item>
      {bad.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={t('printing.work.invalidLines', { n: bad.length })}
          description={bad.slice(0, 5).join(', ')}
        />
      )}
    </>
  );
}

/** The "what to print" part of a print screen: one form section per source kind the screen offers. */
export function SourcePanel({ kinds }: { kinds: SourceKind[] }) {
  const { t } = useTranslation();
  const type: SourceKind = Form.useWatch('type') ?? kinds[0];
  const batches = useOptions(BATCHES);
  const grades = useOptions(GRADES);
  const classes = useOptions(CLASSES);
  return (
    <>
      {kinds.length > 1 && (
        <Form.Item name="type" label={t('printing.work.source')}>
          <Radio.Group
            optionType="button"
            options={kinds.map((k) => ({ value: k, label: t(`printing.work.sources.${k}`) }))}
          />
        </Form.Item>
      )}
      {type === 'search' && (
        <Form.Item name="key" label={t('printing.work.key')}>
          <Input allowClear placeholder={t('printing.work.keyPlaceholder')} />
        </Form.Item>
      )}
      {type === 'batch' && (
        <Form.Item name="batchId" label={t('printing.work.batch')}>
          <Select showSearch optionFilterProp="label" options={batches} allowClear />
        </Form.Item>
      )}
      {(type === 'barcodeRange' || type === 'callNoRange') && (
        <Space.Compact block>
          <Form.Item name="from" label={t('printing.work.from')} style={{ flex: 1 }}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="to" label={t('printing.work.to')} style={{ flex: 1 }}>
            <Input allowClear />
          </Form.Item>
        </Space.Compact>
      )}
      {type === 'barcodes' && <BarcodeLines />}
      {type === 'callNumbers' && (
        <Form.Item name="callNumbers" label={t('printing.work.callNumbers')}>
          <Input.TextArea rows={8} placeholder={t('printing.work.callNumbersPlaceholder')} className="sy-mono" />
        </Form.Item>
      )}
      {type === 'readers' && (
        <>
          <Form.Item name="gradeIds" label={t('printing.work.grade')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={grades}
              placeholder={t('printing.work.gradeAny')}
            />
          </Form.Item>
          <Form.Item name="classIds" label={t('printing.work.class')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={classes}
              placeholder={t('printing.work.classAny')}
            />
          </Form.Item>
          <Form.Item name="key" label={t('printing.work.readerKey')}>
            <Input allowClear placeholder={t('printing.work.readerKeyPlaceholder')} />
          </Form.Item>
        </>
      )}
    </>
  );
}
