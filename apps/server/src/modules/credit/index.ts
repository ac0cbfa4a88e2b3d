export type { CreditDecisionEvent, CreditService } from './credit.service.ts';
export type { HomeExtension, HomeExtensionSource, HomeService } from './home.service.ts';
