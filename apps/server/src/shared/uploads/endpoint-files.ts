import { IMAGE_CONTENT_TYPES, type AnyEndpoint, type EndpointFilesAs, type FilePart } from '@sen/contract';
import type { UploadedFile } from '../../types.ts';
import { AppError } from '../app-error.ts';
import { cleanImage, type CleanImage } from './image-upload.ts';

/**
 * The file parts a handler receives, by the names its endpoint declares (decision 088): an image
 * part checked and re-encoded (cleanImage), any other part as its bytes; a required part is
 * always there, an optional one may be undefined.
 */
export type ReceivedFiles<E extends AnyEndpoint> = EndpointFilesAs<E, CleanImage, Buffer>;

const RECEIVABLE_IMAGE_TYPES = new Set<string>(IMAGE_CONTENT_TYPES);

/** An image part: every type it accepts is one cleanImage reads and re-encodes. */
function isImagePart(part: FilePart): boolean {
  return part.contentTypes !== undefined && part.contentTypes.every((type) => RECEIVABLE_IMAGE_TYPES.has(type));
}

/**
 * Refuses, when a route is registered, file parts the server could not enforce: content types it
 * has no check for, or parts on an endpoint whose body is not multipart.
 */
export function assertReceivableFileParts(endpoint: AnyEndpoint): void {
  const parts = endpoint.fileParts ?? [];
  if (parts.length > 0 && endpoint.bodyEncoding !== 'multipart') throw new Error(`${endpoint.id}: file parts need bodyEncoding 'multipart'`);
  for (const part of parts) {
    if (part.contentTypes && !isImagePart(part)) throw new Error(`${endpoint.id}: part ${part.name} accepts ${part.contentTypes.join(', ')}; only images are checked by content`);
  }
}

/**
 * The endpoint's file parts out of what the multipart plugin read, every check done here once:
 * the cheap ones first (an undeclared part where the endpoint refuses them, a part sent twice,
 * a required part absent or empty, a part over its size), then each image cleaned.
 * Undeclared parts are otherwise dropped unread. The refusals are the upload errors of decision
 * 040 (UPLOAD_MISSING, UPLOAD_TOO_LARGE, UPLOAD_NOT_IMAGE, UPLOAD_DAMAGED, UPLOAD_TOO_SMALL).
 */
export async function receiveFiles<E extends AnyEndpoint>(endpoint: E, uploaded: readonly UploadedFile[]): Promise<ReceivedFiles<E>> {
  const parts = endpoint.fileParts ?? [];
  if (endpoint.otherFilePartsRefusedWith && uploaded.some((file) => !parts.some((part) => part.name === file.fieldname))) {
    throw new AppError('VALIDATION_FAILED', { messageKey: endpoint.otherFilePartsRefusedWith });
  }
  const present: { part: FilePart; data: Buffer }[] = [];
  for (const part of parts) {
    const sent = uploaded.filter((file) => file.fieldname === part.name);
    // Two parts of one name: which one is meant cannot be told.
    if (sent.length > 1) throw new AppError('UPLOAD_MISSING');
    const data = sent[0]?.data;
    // An empty part is no file (the family's KMP client always appends signPic, empty when unsigned).
    if (!data || data.length === 0) {
      if (part.required) throw new AppError('UPLOAD_MISSING');
      continue;
    }
    if (part.maxBytes !== undefined && data.length > part.maxBytes) throw new AppError(endpoint.fileTooLarge ?? 'UPLOAD_TOO_LARGE');
    present.push({ part, data });
  }
  const files: Record<string, CleanImage | Buffer> = {};
  // One image at a time: decoding holds a bitmap in memory.
  for (const { part, data } of present) files[part.name] = isImagePart(part) ? await cleanImage({ data }, part) : data;
  return files as ReceivedFiles<E>;
}
