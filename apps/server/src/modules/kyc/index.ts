export type { KycService } from './kyc.service.ts';
export type { IdCardReading } from '../../providers/ekyc/ekyc-provider.ts';
export { DEMO_ID_CARD, demoKycImages } from './demo-kyc.ts';
