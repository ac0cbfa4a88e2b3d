export { computeFunnel, funnelSteps, funnelWindow, type FunnelStepDefinition } from './funnel.ts';
export { funnelSvg, funnelTable } from './funnel-chart.ts';
