import { P } from '@shuyuan/contracts/common/paths';
import type { DashboardData } from '@shuyuan/contracts/dashboard/dashboard';
import { Alert, Card, Col, Row, Skeleton, Spin, Statistic } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http.ts';
import { Shortcuts } from './shortcuts.tsx';
import { TodoPanel } from './todo-panel.tsx';

// ECharts is most of this screen's code (~180 KB gzip): the figures show first, the charts when it has arrived.
const Chart = lazy(() => import('./chart.tsx'));
const CHART_HEIGHT = 300;

/** A chart in its card, holding the chart's height while ECharts loads. */
function LazyChart({ option }: { option: EChartsCoreOption }) {
  return (
    <Suspense
      fallback={
        <div style={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Chart option={option} height={CHART_HEIGHT} />
    </Suspense>
  );
}

const FIGURES = ['titles', 'copies', 'readers', 'staff', 'todayLoans', 'todayReturns', 'onLoan', 'overdue'] as const;

/** /data-analysis (home): the day's to-do list, live figures of the school, loan trend, readers by identity, pinned shortcuts. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api
      .post<DashboardData>(`${P}/Home/GetDashboard`, { days: 14 }, { showError: false })
      .then(setData, () => setFailed(true));
  }, []);

  const trend = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        // The legend sits above the plot and the grid leaves it room (containLabel keeps the axis labels in).
        legend: { top: 0, data: [t('dashboard.fig.loans'), t('dashboard.fig.returns')] },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: data.trend.map((d) => d.date.slice(5)) },
        yAxis: { type: 'value', minInterval: 1, min: 0 },
        series: [
          { name: t('dashboard.fig.loans'), type: 'bar', data: data.trend.map((d) => d.loans) },
          // Straight segments: a smoothed curve overshoots between points and dipped below zero.
          { name: t('dashboard.fig.returns'), type: 'line', data: data.trend.map((d) => d.returns) },
        ],
      },
    [data, t],
  );
  const readers = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            // Above the legend: the ring never runs under it.
            center: ['50%', '44%'],
            radius: ['36%', '62%'],
            data: data.readersByIdentity.map((r) => ({ name: t(`dashboard.identity.${r.identity}`), value: r.count })),
          },
        ],
      },
    [data, t],
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <TodoPanel />
      <Shortcuts />
      {failed && <Alert type="info" showIcon message={t('dashboard.noFigures')} />}
      {!data && !failed && <Skeleton active />}
      {data && (
        <>
          <Row gutter={[16, 16]}>
            {FIGURES.map((f) => (
              <Col key={f} xs={12} md={6}>
                <Card>
                  <Statistic title={t(`dashboard.fig.${f}`)} value={data[f]} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={16}>
              <Card title={t('dashboard.trend')}>{trend && <LazyChart option={trend} />}</Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title={t('dashboard.readersByIdentity')}>{readers && <LazyChart option={readers} />}</Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
