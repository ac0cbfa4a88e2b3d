import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the back office draws (bars and lines, axes, legends, tooltips; the SVG
 * renderer, which keeps the text selectable and crisp in screenshots). Loaded on demand by the
 * chart components (bar-chart.tsx, time-chart.tsx): its own chunk, never in the first load.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
