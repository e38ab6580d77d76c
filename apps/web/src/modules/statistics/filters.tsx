import { PERIODS, type Period, STAT_IDENTITIES } from '@shuyuan/contracts/statistics/filters';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterOptions } from './api.ts';

/** The filter controls a report may show. */
export type FilterName =
  | 'period'
  | 'grade'
  | 'class'
  | 'department'
  | 'identity'
  | 'location'
  | 'resourceType'
  | 'classNo';

export interface FilterValues {
  period?: Period;
  date?: Dayjs;
  termId?: number;
  range?: [Dayjs, Dayjs];
  gradeId?: number;
  classId?: number;
  departmentId?: number;
  identity?: string;
  locationId?: number;
  resourceTypeId?: number;
  classNo?: string;
}

const PICKER: Partial<Record<Period, 'date' | 'week' | 'month' | 'year'>> = {
  day: 'date',
  week: 'week',
  month: 'month',
  year: 'year',
};

/** The form values as the report's body: the period's fields, the chosen filters, nothing empty. */
export function toQuery(v: FilterValues, periods: readonly Period[] = PERIODS): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  const period = v.period ?? periods[0];
  q.period = period;
  if (PICKER[period] && v.date) q.date = v.date.format('YYYY-MM-DD');
  if (period === 'term' && v.termId) q.termId = v.termId;
  if (period === 'custom' && v.range) {
    q.from = v.range[0].format('YYYY-MM-DD');
    q.to = v.range[1].format('YYYY-MM-DD');
  }
  for (const k of [
    'gradeId',
    'classId',
    'departmentId',
    'identity',
    'locationId',
    'resourceTypeId',
    'classNo',
  ] as const)
    if (v[k] !== undefined && v[k] !== null && v[k] !== '') q[k] = v[k];
  return q;
}

/**
 * The date a day/week/month/year period is around, starting on the school's today (its time zone, from the filter
 * options) rather than the browser's: until the options arrive it stays empty and the query sends no date, so the
 * server takes the school's today too.
 */
export function SchoolDateItem({ picker }: { picker: 'date' | 'week' | 'month' | 'year' }) {
  const o = useFilterOptions();
  const form = Form.useFormInstance<FilterValues>();
  useEffect(() => {
    if (o?.today && !form.getFieldValue('date')) form.setFieldValue('date', dayjs(o.today));
  }, [o?.today, form]);
  return (
    <Form.Item name="date">
      <DatePicker picker={picker} allowClear={false} />
    </Form.Item>
  );
}

/** The common filters of the reports, inside the caller's antd Form. */
export function StatFilterFields({ show, periods = PERIODS }: { show: FilterName[]; periods?: readonly Period[] }) {
  const { t, i18n } = useTranslation();
  const o = useFilterOptions();
  const form = Form.useFormInstance<FilterValues>();
  const period: Period = Form.useWatch('period', form) ?? periods[0];
  const gradeId = Form.useWatch('gradeId', form);
  const has = (f: FilterName) => show.includes(f);
  return (
    <>
      {has('period') && (
        <>
          <Form.Item name="period" label={t('statistics.filter.period')} initialValue={periods[0]}>
            <Select
              style={{ width: 110 }}
              data-testid="stat-period"
              options={periods.map((p) => ({ value: p, label: t(`statistics.period.${p}`) }))}
            />
          </Form.Item>
          {PICKER[period] && <SchoolDateItem picker={PICKER[period]} />}
          {period === 'term' && (
            <Form.Item name="termId">
              <Select
                allowClear
                style={{ width: 170 }}
                placeholder={t('statistics.filter.currentTerm')}
                options={o?.terms.map((x) => ({ value: x.id, label: x.name }))}
              />
            </Form.Item>
          )}
          {period === 'custom' && (
            <Form.Item name="range" rules={[{ required: true, message: t('statistics.filter.rangeRequired') }]}>
              <DatePicker.RangePicker />
            </Form.Item>
          )}
        </>
      )}
      {has('grade') && (
        <Form.Item name="gradeId" label={t('statistics.filter.grade')}>
          <Select allowClear style={{ width: 120 }} options={o?.grades.map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
      )}
      {has('class') && (
        <Form.Item name="classId" label={t('statistics.filter.class')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 140 }}
            options={o?.classes
              .filter((c) => !gradeId || c.gradeId === gradeId)
              .map((x) => ({
                value: x.id,
                label: `${o.grades.find((g) => g.id === x.gradeId)?.name ?? ''} ${x.name}`,
              }))}
          />
        </Form.Item>
      )}
      {has('department') && (
        <Form.Item name="departmentId" label={t('statistics.filter.department')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={o?.departments.map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
      )}
      {has('identity') && (
        <Form.Item name="identity" label={t('statistics.filter.identity')}>
          <Select
            allowClear
            style={{ width: 100 }}
            options={STAT_IDENTITIES.map((x) => ({ value: x, label: t(`statistics.identity.${x}`) }))}
          />
        </Form.Item>
      )}
      {has('location') && (
        <Form.Item name="locationId" label={t('statistics.filter.location')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={o?.locations.map((x) => ({ value: x.id, label: x.name }))}
          />
        </Form.Item>
      )}
      {has('resourceType') && (
        <Form.Item name="resourceTypeId" label={t('statistics.filter.resourceType')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={o?.resourceTypes.map((x) => ({
              value: x.id,
              label: i18n.language === 'en' && x.enName ? x.enName : x.name,
            }))}
          />
        </Form.Item>
      )}
      {has('classNo') && (
        <Form.Item name="classNo" label={t('statistics.filter.classNo')}>
          <Input allowClear style={{ width: 90 }} placeholder="I, TP3" />
        </Form.Item>
      )}
    </>
  );
}
