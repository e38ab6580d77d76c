import { P } from '@shuyuan/contracts/common/paths';
import {
  type Frequency,
  NumberingPattern,
  type NumberingPatternInput,
  PRESET_ISSUES,
} from '@shuyuan/contracts/serials/pattern';
import {
  type FormInstance,
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Table,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../app/http.ts';
import { validate } from '../../kit/convert.ts';
import { FREQUENCY_OPTIONS } from './options.ts';
import { issueText } from './checkin-shared.tsx';

const S = `${P}/Serials`;

interface Predicted {
  seq: number;
  date: string;
  year: number;
  volume: number | null;
  issue: number;
  wholeNumber: number | null;
}

/** The form's values as a pattern body (dates as YYYY-MM-DD, empty numbers as null). */
function read(form: FormInstance): Record<string, unknown> {
  const v = form.getFieldsValue(true);
  return {
    ...v,
    firstDate: v.firstDate ? dayjs(v.firstDate).format('YYYY-MM-DD') : undefined,
    firstVolume: v.firstVolume ?? null,
    firstWholeNumber: v.firstWholeNumber ?? null,
    issuesPerYear: v.issuesPerYear ?? undefined,
    skipDays: v.frequency === 'daily' ? (v.skipDays ?? []) : undefined,
  };
}

/** The usual pattern of a frequency for a year: first issue no. 1 on 1 January (weekly: that weekday). */
export function presetPattern(frequency: Frequency, year: number): NumberingPatternInput {
  return { frequency, firstDate: `${year}-01-01`, firstIssue: 1, skipDays: frequency === 'daily' ? [] : undefined };
}

/** An issue's numbers as the check-in screens show them (issueText). */
export function useIssueLabel() {
  const { t } = useTranslation();
  return (i: { year: number; issue: number | null; volume: number | null; whole: number | null }) =>
    issueText(t, { year: i.year, issueNo: i.issue, volume: i.volume, wholeNo: i.whole });
}

/**
 * Edits a subscription's numbering pattern with presets per frequency and shows the issues it predicts for the
 * year as you type (P/Serials/PreviewIssues; nothing is written). `onSave` stores it.
 */
export function PatternForm({
  year,
  value,
  canEdit,
  onSave,
}: {
  year: number;
  value: NumberingPatternInput;
  canEdit: boolean;
  onSave: (p: NumberingPatternInput) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const label = useIssueLabel();
  const [form] = Form.useForm();
  const [preview, setPreview] = useState<Predicted[]>([]);
  const frequency: Frequency = Form.useWatch('frequency', form) ?? value.frequency;

  const refresh = useCallback(() => {
    const body = read(form);
    const parsed = NumberingPattern.safeParse(body);
    if (!parsed.success || parsed.data.frequency === 'irregular') return setPreview([]);
    api
      .post<Predicted[]>(`${S}/PreviewIssues`, { pattern: parsed.data, year }, { showError: false })
      .then(setPreview)
      .catch(() => setPreview([]));
  }, [form, year]);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ ...value, firstDate: dayjs(value.firstDate), volumePerYear: value.volumePerYear ?? true });
    refresh();
  }, [value, form, refresh]);

  const save = async () => {
    const body = read(form);
    const issues = validate(NumberingPattern, body, i18n.language);
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.path.split('.')[0], errors: [t(i.message)] })) as any);
      return;
    }
    try {
      await onSave(NumberingPattern.parse(body));
    } catch (e) {
      fieldErrors(form, e);
    }
  };
  const preset = () => {
    const p = presetPattern(frequency, year);
    form.setFieldsValue({ ...p, firstDate: dayjs(p.firstDate), issuesPerYear: undefined });
    refresh();
  };

  return (
    <div className="sy-pattern">
      <Form form={form} layout="vertical" disabled={!canEdit} onValuesChange={refresh}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="frequency" label={t('serials.pattern.frequency')}>
              <Select options={FREQUENCY_OPTIONS.map((o) => ({ value: o.value as string, label: t(o.label) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="firstDate" label={t('serials.pattern.firstDate')}>
              <DatePicker style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="firstIssue" label={t('serials.pattern.firstIssue')}>
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="firstVolume" label={t('serials.pattern.firstVolume')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="firstWholeNumber" label={t('serials.pattern.firstWholeNumber')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="issuesPerYear"
              label={t('serials.pattern.issuesPerYear')}
              extra={t('serials.pattern.issuesPerYearHint', { n: PRESET_ISSUES[frequency] ?? '—' })}
            >
              <InputNumber min={1} max={366} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="volumePerYear" label={t('serials.pattern.volumePerYear')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {frequency === 'daily' && (
            <Col span={16}>
              <Form.Item name="skipDays" label={t('serials.pattern.skipDays')}>
                <Checkbox.Group
                  options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: t(`serials.weekday.${d}`) }))}
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        {canEdit && (
          <Space style={{ marginBottom: 12 }}>
            <Button onClick={preset}>{t('serials.pattern.preset')}</Button>
            <Button type="primary" className="sy-pattern-save" onClick={() => void save()}>
              {t('serials.pattern.save')}
            </Button>
          </Space>
        )}
      </Form>
      {frequency === 'irregular' ? (
        <Alert type="info" showIcon message={t('serials.pattern.irregular')} />
      ) : (
        <Table<Predicted>
          className="sy-pattern-preview"
          size="small"
          rowKey="seq"
          title={() => t('serials.pattern.preview', { n: preview.length })}
          dataSource={preview}
          pagination={{ pageSize: 12, showSizeChanger: false, size: 'small' }}
          columns={[
            { title: t('serials.issue.date'), dataIndex: 'date', width: 120 },
            {
              title: t('serials.issue.number'),
              key: 'n',
              render: (_, p) => label({ year: p.year, issue: p.issue, volume: p.volume, whole: p.wholeNumber }),
            },
          ]}
        />
      )}
    </div>
  );
}
