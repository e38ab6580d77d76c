import { P } from '@shuyuan/contracts/common/paths';
import { Badge, Button, Calendar, Card, Checkbox, Col, DatePicker, Form, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';

const D = 'YYYY-MM-DD';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

/**
 * The school calendar: closed days are marked red; a click marks or opens a day (with `:edit`). A range with
 * weekdays marks, e.g., every Saturday and Sunday of a term at once. Closed days do not count towards loan periods
 * or overdue days, and a due date never falls on one.
 */
export function ClosedDays() {
  const { t } = useTranslation();
  const canEdit = usePermission('borrow-permission:edit');
  const [year, setYear] = useState(dayjs().year());
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const [form] = Form.useForm();
  const load = useCallback(async () => {
    const days = await api.post<string[]>(`${P}/CirculationRules/GetClosedDays`, { year });
    setClosed(new Set(days));
  }, [year]);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);

  const change = async (body: Record<string, unknown>) => {
    const r = await api.post<{ added: number; removed: number }>(`${P}/CirculationRules/ChangeClosedDays`, body);
    notify.success(t('circRules.calendar.changed', { ...r }));
    await load();
  };
  const toggle = (d: Dayjs) => {
    if (!canEdit) return;
    const day = d.format(D);
    change(closed.has(day) ? { remove: [day] } : { add: [day] }).catch(() => {});
  };
  const markRange = async (v: { range?: [Dayjs, Dayjs]; weekdays?: number[] }) => {
    if (!v.range || !v.weekdays?.length) return;
    await change({ from: v.range[0].format(D), to: v.range[1].format(D), weekdays: v.weekdays });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card size="small" title={t('circRules.calendar.title', { count: closed.size, year })}>
          <Calendar
            fullscreen={false}
            onPanelChange={(d) => setYear(d.year())}
            onSelect={(d, info) => info.source === 'date' && toggle(d)}
            cellRender={(d, info) =>
              info.type === 'date' && closed.has(d.format(D)) ? (
                <Badge status="error" title={t('circRules.calendar.closed')} />
              ) : null
            }
          />
          <Typography.Text type="secondary">
            {canEdit ? t('circRules.calendar.clickHint') : t('circRules.calendar.readOnly')}
          </Typography.Text>
        </Card>
      </Col>
      {canEdit && (
        <Col xs={24} xl={8}>
          <Card size="small" title={t('circRules.calendar.bulkTitle')}>
            <Form form={form} layout="vertical" onFinish={markRange} initialValues={{ weekdays: [6, 0] }}>
              <Form.Item
                name="range"
                label={t('circRules.calendar.range')}
                rules={[{ required: true, message: t('circRules.calendar.rangeInvalid') }]}
              >
                <DatePicker.RangePicker />
              </Form.Item>
              <Form.Item name="weekdays" label={t('circRules.calendar.weekdays')}>
                <Checkbox.Group
                  options={WEEKDAYS.map((w) => ({ value: w, label: t(`circRules.calendar.weekday.${w}`) }))}
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('circRules.calendar.markRange')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
      )}
    </Row>
  );
}
