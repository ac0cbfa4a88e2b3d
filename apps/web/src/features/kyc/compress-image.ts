import { IMAGE_UPLOAD_MAX_BYTES } from '@sen/contract';

/** The longest side sent: enough to read an ID card, small enough for a slow connection. */
export const MAX_SIDE = 1600;
const QUALITY = 0.85;

export class ImageCompressionError extends Error {
  override name = 'ImageCompressionError';
  constructor(readonly reason: 'notImage' | 'tooLarge') {
    super(reason);
  }
}

/** The size to draw at: the original, scaled down so its longest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Compresses a photo in the browser before upload (issue 9): decoded (with its EXIF orientation
 * applied by createImageBitmap), scaled into MAX_SIDE and re-encoded as JPEG. What is not an
 * image fails with 'notImage'; the server checks everything again by content.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  if (file.type && !file.type.startsWith('image/')) throw new ImageCompressionError('notImage');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageCompressionError('notImage');
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageCompressionError('notImage');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  if (!blob) throw new ImageCompressionError('notImage');
  if (blob.size > IMAGE_UPLOAD_MAX_BYTES) throw new ImageCompressionError('tooLarge');
  return blob;
}
