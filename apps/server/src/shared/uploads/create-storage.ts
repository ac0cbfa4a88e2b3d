import type { Config } from '../../config.ts';
import { LocalDirectoryStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { ObjectStorage } from './storage.ts';

/** The store STORAGE_DRIVER names (config.ts validated its settings at start). */
export function createStorage(config: Config): ObjectStorage {
  if (config.storage.driver === 's3') return new S3Storage(config.storage.s3);
  return new LocalDirectoryStorage(config.storage.dir);
}
