import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the back office draws (bars, axes, tooltips; the SVG renderer, which
 * keeps the text selectable and crisp in screenshots). Loaded on demand by BarChart: its own chunk.
 */
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export { echarts };
