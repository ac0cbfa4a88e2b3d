import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@sen/contract';
import type { Clock } from '../../shared/clock.ts';
import type { CleanImage } from '../../shared/uploads/image-upload.ts';
import type { ObjectStorage } from '../../shared/uploads/storage.ts';
import type { FileLinks } from './file-links.ts';
import type { FilesRepository, StoredFileRow } from './files.repository.ts';

/** Purposes are part of storage keys: lower-case words. */
const PURPOSE = /^[a-z][a-z0-9_]{1,31}$/;

/**
 * Stored files of users (docs/decisions/040-uploads-and-storage.md): puts checked images into the
 * object storage under a server-made key, records whose they are, and serves them back to their
 * owner only (by session or by an owner-only link).
 */
export class FilesService {
  constructor(
    private readonly repository: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly links: FileLinks,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores a cleaned image for `userId` and records it (joins the caller's transaction). The bytes
   * are written before the row; when the row cannot be written they are deleted again. A rollback
   * of the caller's transaction after this leaves an unreferenced object, harmless (never served:
   * no row names it).
   */
  async storeImage(userId: string, purpose: string, image: CleanImage): Promise<StoredFileRow> {
    if (!PURPOSE.test(purpose)) throw new Error(`invalid file purpose: ${purpose}`);
    const storageKey = `users/${userId}/${purpose}/${randomUUID()}.jpg`;
    await this.storage.put(storageKey, image.data, { contentType: image.contentType });
    try {
      return await this.repository.insert({
        userId,
        purpose,
        storageKey,
        contentType: image.contentType,
        byteSize: image.data.length,
        width: image.width,
        height: image.height,
        sha256: image.sha256,
      });
    } catch (error) {
      await this.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  /** The file row if `userId` owns it. */
  async findOwned(userId: string, fileId: string): Promise<StoredFileRow | null> {
    return this.repository.findOwned(userId, fileId);
  }

  /** A URL path the owner's browser or app can load the file from, for FILE_LINK_TTL_SECONDS. */
  linkFor(file: Pick<StoredFileRow, 'id' | 'userId'>): string {
    const { expires, sig } = this.links.issue(file.id, file.userId, this.clock());
    return `${API_PATHS.userFile.replace(':fileId', file.id)}?expires=${expires}&sig=${sig}`;
  }

  /**
   * The bytes of `fileId` when the caller may see them: `sessionUserId` owns it, or the link query
   * was made for its owner. Anything else (unknown file, someone else's, a forged or expired link)
   * is null, indistinguishable from a missing file.
   */
  async readForCaller(fileId: string, sessionUserId: string | null, query: { expires?: unknown; sig?: unknown }): Promise<{ data: Buffer; contentType: string } | null> {
    const file = await this.repository.findById(fileId);
    if (!file) return null;
    const allowed = sessionUserId ? sessionUserId === file.userId : this.links.verify(file.id, file.userId, query, this.clock());
    if (!allowed) return null;
    const data = await this.storage.get(file.storageKey);
    return data ? { data, contentType: file.contentType } : null;
  }

  /**
   * A stored file's bytes with whose and what it is, for a caller that has already decided who may
   * see it (the back office's audited reveal links, decision 097). Null when the row or the bytes
   * are gone.
   */
  async readStored(fileId: string): Promise<{ file: StoredFileRow; data: Buffer } | null> {
    const file = await this.repository.findById(fileId);
    if (!file) return null;
    const data = await this.storage.get(file.storageKey);
    return data ? { file, data } : null;
  }

  // ─── Account lifecycle (issue 13) ───

  /** The data export's list of the user's files: what each is, never its bytes or storage key. */
  async exportFor(userId: string) {
    const rows = await this.repository.listForUser(userId);
    return rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      contentType: row.contentType,
      byteSize: row.byteSize,
      width: row.width,
      height: row.height,
      sha256: row.sha256,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * Erases the user's files of one purpose (rows in the caller's transaction, then the bytes).
   * A failed delete of bytes leaves an object no row names, never served (decision 040).
   */
  async eraseByPurpose(userId: string, purpose: string): Promise<number> {
    const keys = await this.repository.deleteByPurpose(userId, purpose);
    for (const key of keys) await this.storage.delete(key).catch(() => undefined);
    return keys.length;
  }
}
