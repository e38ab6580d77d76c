import { PreprintRangeSave } from '@shuyuan/contracts/printing/print-api';
import { type FormInstance, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { PR } from './api.ts';

type Check = { first: string; last: string; copies: number; used: number; overlap: string; ruleMessage: string };

/**
 * Live check of a range form (debounced CheckPreprintRange): first/last barcode and count, copies that already
 * carry barcodes of the range, overlap with saved ranges, mismatch with the school's barcode rule.
 */
export function RangeCheck({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<Check | null>(null);
  const values = Form.useWatch([], form);
  useEffect(() => {
    const parsed = values ? PreprintRangeSave.safeParse(values) : null;
    if (!parsed?.success) return setCheck(null);
    const h = setTimeout(
      () =>
        void api
          .post<Check>(`${PR}/CheckPreprintRange`, parsed.data, { showError: false })
          .then(setCheck, () => setCheck(null)),
      400,
    );
    return () => clearTimeout(h);
  }, [values]);
  if (!check) return null;
  return (
    <Space direction="vertical" style={{ marginBottom: 12 }} data-testid="range-check">
      <Typography.Text>
        {t('printing.range.first')}: <b>{check.first}</b> · {t('printing.range.last')}: <b>{check.last}</b> ·{' '}
        {t('printing.range.copies')}: {check.copies}
      </Typography.Text>
      {check.used > 0 && (
        <Typography.Text type="warning">{`${t('printing.range.used')}: ${check.used}`}</Typography.Text>
      )}
      {check.overlap && <Typography.Text type="warning">{check.overlap}</Typography.Text>}
      {check.ruleMessage && <Typography.Text type="danger">{check.ruleMessage}</Typography.Text>}
    </Space>
  );
}
