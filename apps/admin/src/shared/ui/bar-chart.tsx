import { useEffect, useRef } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart drawn by ECharts (loaded with the first chart). The figures are also in
 * the table beside every chart, so the image itself is hidden from screen readers' reading order
 * but labelled.
 */
export function BarChart({ bars, label, height = 260 }: { bars: Bar[]; label: string; height?: number }) {
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
        grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        xAxis: { type: 'value', axisLabel: { color: '#4a5757' } },
        yAxis: { type: 'category', inverse: true, data: bars.map((bar) => bar.label), axisLabel: { color: '#1f2929', width: 180, overflow: 'truncate' } },
        series: [{ type: 'bar', data: bars.map((bar) => bar.value), itemStyle: { color: '#0b6e70' }, label: { show: true, position: 'right', color: '#1f2929' } }],
      });
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [bars]);
  return <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
