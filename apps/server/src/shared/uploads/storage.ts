/**
 * Where uploaded files live (docs/decisions/040-uploads-and-storage.md): a key-value store of
 * bytes. Keys are made by the server only (`users/<uuid>/<purpose>/<uuid>.jpg`), never from a
 * client's file name. Nothing in a store is publicly addressable: the files module serves a file
 * to its owner after checking who asks.
 */
export interface ObjectStorage {
  /** A name for logs and the readiness report: 'local' or 's3'. */
  readonly kind: string;
  put(key: string, data: Buffer, options: { contentType: string }): Promise<void>;
  /** The bytes, or null when no object has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys the server makes: lower-case letters, digits, '-', '_', '.' and '/' separators, no '..'. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Refuses a key that could leave the store's root (`..`, absolute paths, odd characters). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
