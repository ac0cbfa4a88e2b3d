import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GLYPH_ADVANCE, textRuns, textWidth } from './pixel-font.ts';
import { bandLayout, watermark, watermarkText } from './watermark.ts';

describe('the pixel font', () => {
  it('sets glyphs as runs of lit cells, capitals for letters, "?" for what it does not know', () => {
    // 'I': a bar of three on the top and bottom rows, one cell in the middle of the five between
    expect(textRuns('I')).toEqual([
      { x: 1, y: 0, length: 3 },
      ...[1, 2, 3, 4, 5].map((y) => ({ x: 2, y, length: 1 })),
      { x: 1, y: 6, length: 3 },
    ]);
    expect(textRuns('i')).toEqual(textRuns('I'));
    expect(textRuns('é')).toEqual(textRuns('?'));
    expect(textRuns(' ')).toEqual([]);
    // the second glyph starts one advance to the right
    expect(textRuns(' I')[0]).toEqual({ x: GLYPH_ADVANCE + 1, y: 0, length: 3 });
    expect(textWidth('ab')).toBe(2 * GLYPH_ADVANCE - 1);
  });
});

describe('watermark', () => {
  it('says who and when, in Vietnam time', () => {
    expect(watermarkText('admin@sen.local', new Date('2026-11-25T07:03:12Z'))).toBe('admin@sen.local 2026-11-25 14:03:12 +07:00');
  });

  it('burns the text into the image: same size, other pixels, the band legible at the bottom', async () => {
    const [width, height] = [1200, 760];
    const original = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } }).jpeg().toBuffer();
    const text = 'admin@sen.local 2026-11-25 14:03:12 +07:00';
    const marked = await watermark(original, text);

    const meta = await sharp(marked).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
    expect(marked.equals(original)).toBe(false);

    const { data, info } = await sharp(marked).greyscale().raw().toBuffer({ resolveWithObject: true });
    const grey = (x: number, y: number) => data[y * info.width + x]!;
    const band = bandLayout(width, height, text);
    const top = height - band.height;
    // the band is dark where no glyph is (its left padding), white where the first glyph ('A') is lit: row 0 is '.###.'
    expect(grey(Math.floor(band.padding / 2), top + Math.floor(band.padding / 2))).toBeLessThan(60);
    const cellCentre = (column: number, row: number) => [band.padding + column * band.cell + Math.floor(band.cell / 2), top + band.padding + row * band.cell + Math.floor(band.cell / 2)] as const;
    expect(grey(...cellCentre(2, 0))).toBeGreaterThan(200);
    expect(grey(...cellCentre(0, 0))).toBeLessThan(60);
    // the diagonal layer reaches the image: somewhere above the band differs from the plain grey
    let changed = 0;
    for (let y = 0; y < top; y += 7) for (let x = 0; x < width; x += 7) if (Math.abs(grey(x, y) - 128) > 20) changed++;
    expect(changed).toBeGreaterThan(100);
  });
});
