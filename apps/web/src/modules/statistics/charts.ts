import type { EChartsCoreOption } from 'echarts/core';

export interface Series {
  name: string;
  data: number[];
}

/** Bars (or a line, for a time series) over named categories; one colour per series, a legend when several. */
export function barOption(names: string[], series: Series[], kind: 'bar' | 'line' = 'bar'): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: 64 },
    xAxis: { type: 'category', data: names, axisLabel: { rotate: names.length > 8 ? 40 : 0, interval: 0 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: kind, name: s.name, data: s.data, smooth: kind === 'line' })),
  };
}

/** The first `n` rows (a chart of a 500-row ranking reads as noise). */
export const head = <T>(rows: T[], n = 30): T[] => rows.slice(0, n);
