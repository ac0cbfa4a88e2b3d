import { useEffect, useRef } from 'react';

export interface TimeSeries {
  name: string;
  /** One value per date; null draws a gap. */
  values: (number | null)[];
  kind: 'bar' | 'line';
  /** Series with the same stack add up (overdue buckets). */
  stack?: string;
  color: string;
}

/**
 * Figures by day drawn by ECharts, which is imported when the first chart mounts (its own chunk,
 * decision 092), so no page but the one showing a chart loads it. `format` writes the axis and
 * tooltip values in the interface language. The figures are also in the table under the charts;
 * the drawing is one labelled image.
 */
export function TimeChart({
  dates,
  series,
  label,
  format,
  wholeNumbers = false,
  height = 260,
}: {
  dates: string[];
  series: TimeSeries[];
  label: string;
  format: (value: number) => string;
  /** Counts and whole VND: no axis tick between two integers (which would print as '1, 1'). */
  wholeNumbers?: boolean;
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose: () => void; resize: () => void } | null = null;
    const onResize = () => chart?.resize();
    void import('./echarts-core.ts').then(({ echarts }) => {
      if (disposed || !container.current) return;
      const instance = echarts.init(container.current, undefined, { renderer: 'svg' });
      chart = instance;
      instance.setOption({
        animation: false,
        // A legend of more than three names may take two lines: the plot starts below it.
        grid: { left: 8, right: 16, top: series.length > 3 ? 64 : 40, bottom: 8, containLabel: true },
        legend: { top: 0, left: 0, textStyle: { color: '#1f2929' } },
        tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => (typeof value === 'number' ? format(value) : '—') },
        xAxis: { type: 'category', data: dates.map((date) => date.slice(5)), axisLabel: { color: '#4a5757' } },
        yAxis: { type: 'value', minInterval: wholeNumbers ? 1 : undefined, axisLabel: { color: '#4a5757', formatter: (value: number) => format(value) } },
        series: series.map((entry) => ({
          name: entry.name,
          type: entry.kind,
          data: entry.values,
          stack: entry.stack,
          itemStyle: { color: entry.color },
          lineStyle: entry.kind === 'line' ? { color: entry.color, width: 2 } : undefined,
          showSymbol: entry.kind === 'line' ? dates.length <= 31 : undefined,
          connectNulls: false,
          barMaxWidth: 28,
        })),
      });
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [dates, series, format, wholeNumbers]);
  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
