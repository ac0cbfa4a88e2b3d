export type { CollectionsService } from './collections.service.ts';
export type { ContactAdmission, ContactGovernor } from './contact-governor.ts';
