export type { CertificationService, CreditFacts } from './certification.service.ts';
export { ID_NUMBER_INDEX_PURPOSE } from './profile.service.ts';
