import sharp from 'sharp';

/**
 * Mean absolute difference (0-255) between two pictures scaled to 32x32 grey: near 0 for the same
 * still picture sent twice, a few units for a live camera (movement, sensor noise, the fake
 * camera's animation). The development provider's only "liveness" test.
 */
export async function frameDifference(a: Buffer, b: Buffer): Promise<number> {
  const thumb = (image: Buffer) => sharp(image).greyscale().resize(32, 32, { fit: 'fill' }).raw().toBuffer();
  const [left, right] = await Promise.all([thumb(a), thumb(b)]);
  let total = 0;
  for (let index = 0; index < left.length; index += 1) total += Math.abs(left[index]! - right[index]!);
  return total / left.length;
}

/** Frames whose differences stay below this are one still picture (a photo held up, or a replay). */
export const MIN_FRAME_DIFFERENCE = 0.5;
