export type { FilesService } from './files.service.ts';
export type { StoredFileRow } from './files.repository.ts';
