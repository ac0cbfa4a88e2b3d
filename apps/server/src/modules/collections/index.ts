export type { CollectionsService } from './collections.service.ts';
