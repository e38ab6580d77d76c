import { P } from '@shuyuan/contracts/common/paths';
import type { IssueDto, OrderDto } from '@shuyuan/contracts/serials/order';
import type { Frequency, NumberingPatternInput } from '@shuyuan/contracts/serials/pattern';
import { Button, Card, Divider, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permission.tsx';
import { api } from '../../app/http.ts';
import { notify } from '../../app/notify.ts';
import { specPagination } from '../../kit/pagination.ts';
import { OrderFilters, titleColumns, useOrderList } from './order-list.tsx';
import { PatternForm, presetPattern, useIssueLabel } from './pattern-form.tsx';

const S = `${P}/Serials`;
const CODE = 'magazine-subscription';
const STATE_COLORS: Record<string, string> = {
  expected: 'default',
  late: 'orange',
  arrived: 'green',
  claimed: 'blue',
  missing: 'red',
};

/** One subscription's pattern, predicted issues and "predict the year". */
function SubscriptionDrawer({
  sub,
  onClose,
  onChanged,
}: {
  sub: OrderDto;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const canEdit = usePermission(`${CODE}:edit`);
  const label = useIssueLabel();
  const [pattern, setPattern] = useState<NumberingPatternInput>(
    sub.pattern ?? presetPattern(sub.frequency as Frequency, sub.year),
  );
  const [saved, setSaved] = useState(!!sub.pattern);
  const [issues, setIssues] = useState<IssueDto[]>([]);
  const loadIssues = useCallback(
    () =>
      api
        .post<IssueDto[]>(`${S}/GetIssues`, { id: sub.id })
        .then(setIssues)
        .catch(() => {}),
    [sub.id],
  );
  useEffect(() => {
    void loadIssues();
  }, [loadIssues]);

  const save = async (p: NumberingPatternInput) => {
    await api.post(`${S}/SavePattern`, { id: sub.id, pattern: p }, { showError: false });
    setPattern(p);
    setSaved(true);
    notify.success(t('serials.pattern.saved'));
    onChanged();
  };
  const predict = async () => {
    const r = await api.post<{ written: number; kept: number }>(`${S}/PredictYear`, { id: sub.id }, { loading: true });
    notify.success(t('serials.subscription.predicted', r));
    void loadIssues();
    onChanged();
  };
  const predictButton = (onClick?: () => void) => (
    <Button type="primary" className="sy-predict" disabled={!saved} onClick={onClick}>
      {t(issues.length ? 'serials.subscription.repredict' : 'serials.subscription.predict')}
    </Button>
  );

  return (
    <Drawer open width={760} onClose={onClose} title={`${sub.title} · ${sub.year}`} className="sy-subscription-drawer">
      <PatternForm year={sub.year} value={pattern} canEdit={canEdit} onSave={save} />
      <Divider />
      {canEdit && (
        <Space style={{ marginBottom: 12 }}>
          {issues.length ? (
            <Popconfirm title={t('serials.subscription.repredictConfirm')} onConfirm={() => predict().catch(() => {})}>
              {predictButton()}
            </Popconfirm>
          ) : (
            predictButton(() => void predict().catch(() => {}))
          )}
        </Space>
      )}
      <Table<IssueDto>
        className="sy-issues"
        size="small"
        rowKey="id"
        dataSource={issues}
        title={() => t('serials.issue.written', { n: issues.length })}
        locale={{ emptyText: t('serials.issue.none') }}
        pagination={{ pageSize: 12, showSizeChanger: false, size: 'small' }}
        columns={[
          { title: t('serials.issue.date'), dataIndex: 'expectedDate', width: 120 },
          {
            title: t('serials.issue.number'),
            key: 'n',
            render: (_, i) => label({ year: i.year, issue: i.issueNo, volume: i.volume, whole: i.wholeNo }),
          },
          {
            title: t('serials.issue.state'),
            dataIndex: 'state',
            width: 110,
            render: (s: string) => <Tag color={STATE_COLORS[s]}>{t(`serials.state.${s}`)}</Tag>,
          },
          { title: t('serials.issue.arrivedCopies'), dataIndex: 'arrivedCopies', width: 100 },
        ]}
      />
    </Drawer>
  );
}

/** /magazine-subscription (期刊征订): each order's numbering pattern and the issues predicted for its year. */
export default function SubscriptionsPage() {
  const { t } = useTranslation();
  const { q, setQ, data, load } = useOrderList('GetSubscriptionList');
  const [open, setOpen] = useState<OrderDto | null>(null);
  return (
    <Card className="sy-subscriptions">
      <OrderFilters q={q} setQ={setQ} />
      <Table<OrderDto>
        className="sy-subscriptions-table"
        rowKey="id"
        size="small"
        dataSource={data.List}
        pagination={specPagination(t, q.Page, q.Rows, data.Total, (Page, Rows) => setQ((o) => ({ ...o, Page, Rows })))}
        columns={[
          ...titleColumns(t, () => null),
          {
            title: t('serials.title.frequency'),
            dataIndex: 'frequency',
            width: 90,
            render: (v: string) => t(`serials.frequency.${v}`),
          },
          { title: t('serials.order.copies'), dataIndex: 'copies', width: 80 },
          {
            title: t('serials.pattern.title'),
            key: 'p',
            width: 100,
            render: (_, r) =>
              r.pattern ? (
                <Tag color="green">{t('serials.subscription.patternSet')}</Tag>
              ) : (
                <Tag>{t('serials.subscription.patternNone')}</Tag>
              ),
          },
          {
            title: t('serials.subscription.issues'),
            key: 'i',
            width: 130,
            render: (_, r) => `${r.arrivedCount} / ${r.issueCount}`,
          },
          {
            title: t('serials.common.actions'),
            key: 'a',
            width: 140,
            render: (_, r) => (
              <Button size="small" type="link" onClick={() => setOpen(r)}>
                {t('serials.subscription.edit')}
              </Button>
            ),
          },
        ]}
      />
      {open && <SubscriptionDrawer sub={open} onClose={() => setOpen(null)} onChanged={() => void load()} />}
    </Card>
  );
}
