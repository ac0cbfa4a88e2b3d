export type { DashboardService } from './dashboard.service.ts';
