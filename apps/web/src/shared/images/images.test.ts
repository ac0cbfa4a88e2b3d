import { describe, expect, it, vi } from 'vitest';
import { detectImageFormat } from './image-formats.ts';
import { IMAGES, detectFormatAndPreloadImages, imageUrl } from './images.ts';

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
  it('requests high-priority images first in the chosen format, then the low ones', async () => {
    const load = vi.fn(async () => {});
    const format = await detectFormatAndPreloadImages(async (f) => f === 'webp', load);
    expect(format).toBe('webp');
    expect(load.mock.calls).toEqual([
      [IMAGES.banner.webp, 'high'],
      [IMAGES.otpBackground.webp, 'high'],
      [IMAGES.passwordBackground.webp, 'high'],
      [IMAGES.exit.webp, 'low'],
      [IMAGES.failed.webp, 'low'],
      [IMAGES.pending.webp, 'low'],
      [IMAGES.question.webp, 'low'],
    ]);
    expect(imageUrl('banner')).toBe(IMAGES.banner.webp);
  });

  it('does not wait for low-priority images', async () => {
    const load = vi.fn((_url: string, priority: 'high' | 'low') => (priority === 'high' ? Promise.resolve() : new Promise<void>(() => {})));
    await expect(detectFormatAndPreloadImages(async () => false, load)).resolves.toBe('png');
  });
});
