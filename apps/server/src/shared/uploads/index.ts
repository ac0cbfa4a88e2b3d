/** Uploads: the image check and the storage interface (docs/decisions/040-uploads-and-storage.md). */
export { cleanImage, MAX_STORED_SIDE, MIN_IMAGE_SIDE, type CleanImage } from './image-upload.ts';
export { assertReceivableFileParts, receiveFiles, type ReceivedFiles } from './endpoint-files.ts';
export { assertStorageKey, type ObjectStorage } from './storage.ts';
export { LocalDirectoryStorage } from './local-storage.ts';
export { S3Storage, type S3StorageOptions } from './s3-storage.ts';
export { createStorage } from './create-storage.ts';
