import sharp from 'sharp';
import { GLYPH_HEIGHT, textRuns, textWidth } from './pixel-font.ts';

/**
 * The watermark burned into a revealed ID image (decision 097): who looked and when, so a copy that
 * leaves the back office (a screenshot, a saved file) names the operator it came from. Two layers:
 * the text repeated across the whole image on a diagonal, faint enough to read the card through it,
 * and a dark band along the bottom with the same text at full contrast, sized to fit the width.
 * Drawn with the pixel font as rectangles (no system font needed), composited by sharp, re-encoded
 * as JPEG without metadata.
 */

/** Cells of padding around the band's text. */
const BAND_PADDING = 2;
/** The band takes at most this share of the image's height. */
const BAND_MAX_SHARE = 0.15;
/** Diagonal rows: one every this many cells, each repeat this many cells after the last. */
const ROW_STEP = GLYPH_HEIGHT * 3;
const REPEAT_GAP = 12;

/** The runs of `text` as one SVG path in cell units (a rectangle per run). */
function textPath(text: string): string {
  return textRuns(text)
    .map((run) => `M${run.x} ${run.y}h${run.length}v1h-${run.length}z`)
    .join('');
}

/** The band's cell size in pixels (the largest that fits the width and the height share) and its height. */
export function bandLayout(width: number, height: number, text: string): { cell: number; height: number; padding: number } {
  const cells = textWidth(text) + BAND_PADDING * 2;
  const cell = Math.max(1, Math.min(Math.floor(width / cells), Math.floor((height * BAND_MAX_SHARE) / (GLYPH_HEIGHT + BAND_PADDING * 2))));
  return { cell, height: (GLYPH_HEIGHT + BAND_PADDING * 2) * cell, padding: BAND_PADDING * cell };
}

/** The watermark layer for a `width` × `height` image, as an SVG document. */
export function watermarkSvg(width: number, height: number, text: string): string {
  const { cell: bandCell, height: bandHeight } = bandLayout(width, height, text);
  const diagonalCell = Math.max(2, Math.round(bandCell * 1.5));
  const path = textPath(text);

  // The tiles cover the square around the image's diagonal, so the rotated rows leave no corner bare.
  const reach = Math.ceil(Math.hypot(width, height) / 2 / diagonalCell);
  const repeat = textWidth(text) + REPEAT_GAP;
  const tiles: string[] = [];
  for (let row = -reach, index = 0; row <= reach; row += ROW_STEP, index++) {
    const shift = index % 2 === 0 ? 0 : Math.round(repeat / 2);
    for (let column = -reach - shift; column <= reach; column += repeat) tiles.push(`<use href="#w" x="${column}" y="${row}"/>`);
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><path id="w" d="${path}"/></defs>`,
    `<g transform="translate(${width / 2} ${height / 2}) rotate(-30) scale(${diagonalCell})">`,
    `<g fill="#000" fill-opacity="0.28" transform="translate(0.4 0.4)">${tiles.join('')}</g>`,
    `<g fill="#fff" fill-opacity="0.42">${tiles.join('')}</g>`,
    `</g>`,
    `<rect x="0" y="${height - bandHeight}" width="${width}" height="${bandHeight}" fill="#000" fill-opacity="0.72"/>`,
    `<g fill="#fff" transform="translate(${BAND_PADDING * bandCell} ${height - bandHeight + BAND_PADDING * bandCell}) scale(${bandCell})"><use href="#w"/></g>`,
    `</svg>`,
  ].join('');
}

/** `image` with `text` burned in (see above), as a JPEG. */
export async function watermark(image: Buffer, text: string): Promise<Buffer> {
  const { width, height } = await sharp(image).metadata();
  if (!width || !height) throw new Error('watermark: the image has no size');
  return sharp(image)
    .composite([{ input: Buffer.from(watermarkSvg(width, height, text)), top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** What the watermark says: the operator and the time in Vietnam (UTC+7, no daylight saving), to the second. */
export function watermarkText(operatorEmail: string, at: Date): string {
  const vietnam = new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString();
  return `${operatorEmail} ${vietnam.slice(0, 10)} ${vietnam.slice(11, 19)} +07:00`;
}
