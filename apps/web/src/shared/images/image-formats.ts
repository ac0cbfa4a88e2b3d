/**
 * Image format detection (SPEC.md §1): prefer avif, then webp, then png. Each test decodes a
 * tiny image made for this purpose (2x2, see scripts/build-images.sh tools) from a data URI.
 */
export type ImageFormat = 'avif' | 'webp' | 'png';

const PROBES: Record<'avif' | 'webp', string> = {
  webp: 'data:image/webp;base64,UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAQAAAQAAQUxQSAUAAAAAv7+9vABWUDggHgAAADABAJ0BKgIAAgACwEwlAACGcAD+9c9f73LRQCAAAA==',
  avif:
    'data:image/avif;base64,AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUEAAAGNbWV0YQAAAAAAAAAoaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAGxpYmF2aWYAAAAADnBpdG0AAAAAAAEAAAAsaWxvYwAAAABEAAACAAEAAAABAAAByAAAABwAAgAAAAEAAAG1AAAAEwAAAEJpaW5mAAAAAAACAAAAGmluZmUCAAAAAAEAAGF2MDFDb2xvcgAAAAAaaW5mZQIAAAAAAgAAYXYwMUFscGhhAAAAABppcmVmAAAAAAAAAA5hdXhsAAIAAQABAAAAw2lwcnAAAACdaXBjbwAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAAAxhdjFDgSAAAAAAABNjb2xybmNseAABAA0ABoAAAAAOcGl4aQAAAAABCAAAAAxhdjFDgQAcAAAAADhhdXhDAAAAAHVybjptcGVnOm1wZWdCOmNpY3A6c3lzdGVtczphdXhpbGlhcnk6YWxwaGEAAAAAHmlwbWEAAAAAAAAAAgABBAECgwQAAgQBBYYHAAAAN21kYXQSAAoEGAA2FTIJEACHBoNZCCRKEgAKBzgANhAQ0GkyDxZABhhhhAAAeUuywNNWUA==',
};

/** A decode test gives up after this long (a browser that never answers counts as unsupported). */
const PROBE_TIMEOUT_MS = 2_000;

export type FormatProbe = (format: 'avif' | 'webp') => Promise<boolean>;

/** Decodes the format's probe image; true when the browser shows it with a size. */
export const decodeProbe: FormatProbe = (format) =>
  new Promise((resolve) => {
    if (typeof Image === 'undefined') {
      resolve(false);
      return;
    }
    const image = new Image();
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image.width > 0 && image.height > 0);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.src = PROBES[format];
  });

/** avif when supported, else webp, else png (the avif test runs first and decides alone when it passes). */
export async function detectImageFormat(probe: FormatProbe = decodeProbe): Promise<ImageFormat> {
  if (await probe('avif')) return 'avif';
  if (await probe('webp')) return 'webp';
  return 'png';
}
