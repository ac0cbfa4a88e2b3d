export type { CertificationService, CreditFacts } from './certification.service.ts';
export { ID_NUMBER_INDEX_PURPOSE, maskIdNumber, type ProfileService } from './profile.service.ts';
