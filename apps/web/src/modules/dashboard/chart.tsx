import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Tree-shaken ECharts: only the charts and components the dashboard draws. The legends are plain ones (the
// options never ask for type 'scroll'), so the scrolling legend is left out.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer]);

/** One ECharts instance bound to a div; follows option changes and the container's size. */
export default function Chart({
  option,
  height = 300,
  onClick,
}: {
  option: echarts.EChartsCoreOption;
  height?: number;
  /** A click on a bar, point or slice: its index in the series data (reports drill down with it). */
  onClick?: (dataIndex: number, seriesIndex: number) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    c.on('click', (e) => click.current?.(e.dataIndex, e.seriesIndex ?? 0));
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={el} style={{ width: '100%', height, cursor: onClick ? 'pointer' : undefined }} />;
}
