export type { DataRightsService } from './data-rights.service.ts';
export type { BreachRegisterService } from './breach-register.service.ts';
