import { describe, expect, it, vi } from 'vitest';
import { detectImageFormat } from './image-formats.ts';
import { IMAGES, detectFormatAndPreloadImages, imageUrl, prefetchLowPriorityImages } from './images.ts';

describe('image format detection', () => {
  it('prefers avif, then webp, then png', async () => {
    await expect(detectImageFormat(async () => true)).resolves.toBe('avif');
    await expect(detectImageFormat(async (format) => format === 'webp')).resolves.toBe('webp');
    await expect(detectImageFormat(async () => false)).resolves.toBe('png');
  });

  it('does not test webp when avif works', async () => {
    const probe = vi.fn(async () => true);
    await detectImageFormat(probe);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(probe).toHaveBeenCalledWith('avif');
  });
});

describe('image preloading', () => {
  it('requests only the high-priority images at start, in the chosen format', async () => {
    const load = vi.fn(async () => {});
    const format = await detectFormatAndPreloadImages(async (f) => f === 'webp', load);
    expect(format).toBe('webp');
    expect(load.mock.calls).toEqual([
      [IMAGES.banner.webp, 'high'],
      [IMAGES.otpBackground.webp, 'high'],
      [IMAGES.passwordBackground.webp, 'high'],
    ]);
    expect(imageUrl('banner')).toBe(IMAGES.banner.webp);
  });

  it('prefetches the low-priority images later, in the chosen format, with low priority', async () => {
    await detectFormatAndPreloadImages(async (f) => f === 'avif', vi.fn(async () => {}));
    const load = vi.fn(async () => {});
    await prefetchLowPriorityImages(load);
    expect(load.mock.calls).toEqual([
      [IMAGES.exit.avif, 'low'],
      [IMAGES.failed.avif, 'low'],
      [IMAGES.pending.avif, 'low'],
      [IMAGES.question.avif, 'low'],
    ]);
  });
});
