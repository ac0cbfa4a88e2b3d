import { createHash } from 'node:crypto';
import { IMAGE_PART, type FilePart } from '@sen/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import type { UploadedFile } from '../../types.ts';
import { AppError } from '../app-error.ts';

/** Pixels decoded at most: a small file that expands to a huge bitmap (a decompression bomb) is refused. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The shorter side of an accepted image, in pixels: smaller ones are unreadable as documents or faces. */
export const MIN_IMAGE_SIDE = 200;
/** The longest side kept; larger photos are scaled down (an ID card is readable well below it). */
export const MAX_STORED_SIDE = 2000;

sharp.cache(false);

/** An uploaded image after the checks: re-encoded as JPEG, oriented, every metadata block dropped. */
export interface CleanImage {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
  /** sha256 (hex) of the stored bytes. */
  sha256: string;
  /** The type the content turned out to be (before re-encoding). */
  sourceType: string;
}

/** What an image part accepts: its content types (a subset of IMAGE_CONTENT_TYPES) and its size. */
export type ImageAcceptance = Pick<FilePart, 'contentTypes' | 'maxBytes'>;

/**
 * Checks one uploaded file and re-encodes it (docs/decisions/040-uploads-and-storage.md):
 * - at most the part's maxBytes (IMAGE_PART: 8 MB), else UPLOAD_TOO_LARGE;
 * - one of the part's types by content (IMAGE_PART: JPEG, PNG or WebP; `file-type` reads the magic
 *   bytes, so a PDF renamed .jpg is refused whatever its name or declared type), else UPLOAD_NOT_IMAGE;
 * - decodes completely (`sharp` with failOn 'truncated': a cut-off or corrupt file is refused) and
 *   within MAX_INPUT_PIXELS, else UPLOAD_DAMAGED; at least MIN_IMAGE_SIDE on its shorter side,
 *   else UPLOAD_TOO_SMALL;
 * - re-encoded as JPEG after applying its EXIF orientation, scaled into MAX_STORED_SIDE, with no
 *   metadata kept (EXIF GPS position, camera serials, XMP, ICC comments are all dropped).
 * Every refusal is 'Upload failed' with the reason, in the caller's language.
 */
export async function cleanImage(file: Pick<UploadedFile, 'data'>, accepts: ImageAcceptance = IMAGE_PART): Promise<CleanImage> {
  const data = file.data;
  if (data.length === 0) throw new AppError('UPLOAD_MISSING');
  if (data.length > (accepts.maxBytes ?? IMAGE_PART.maxBytes)) throw new AppError('UPLOAD_TOO_LARGE');
  const acceptedTypes: readonly string[] = accepts.contentTypes ?? IMAGE_PART.contentTypes;
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !acceptedTypes.includes(detected.mime)) throw new AppError('UPLOAD_NOT_IMAGE');
  let output: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(data, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });
    const metadata = await image.metadata();
    const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    if (Math.min(width, height) < MIN_IMAGE_SIDE) throw new AppError('UPLOAD_TOO_SMALL', { params: { pixels: MIN_IMAGE_SIDE } });
    output = await image
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UPLOAD_DAMAGED');
  }
  return {
    data: output.data,
    contentType: 'image/jpeg',
    width: output.info.width,
    height: output.info.height,
    sha256: createHash('sha256').update(output.data).digest('hex'),
    sourceType: detected.mime,
  };
}
