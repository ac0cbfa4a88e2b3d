import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF that pdf-lib drew with embedded fonts, for tests: every stream inflated, each
 * font's ToUnicode map read, and every shown string (`<hex> Tj`) decoded under each map (a string
 * in the bold font reads right under the bold font's map). Returns every decoding, so a test asks
 * whether some line contains what it expects.
 */
export function pdfTextCandidates(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const streams: string[] = [];
  const header = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let match = header.exec(raw); match; match = header.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const data = Buffer.from(raw.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    try {
      streams.push(/FlateDecode/.test(match[1]!) ? inflateSync(data).toString('latin1') : data.toString('latin1'));
    } catch {
      // not a stream we can read (an image, a font program): no text in it
    }
  }
  const maps = streams
    .filter((text) => text.includes('beginbfchar'))
    .map((text) => {
      const map = new Map<string, string>();
      for (const [, glyph, unicode] of text.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
        const codeUnits = unicode!.match(/.{4}/g)!.map((unit) => Number.parseInt(unit, 16));
        map.set(glyph!.toLowerCase(), String.fromCharCode(...codeUnits));
      }
      return map;
    });
  const shown = streams.flatMap((text) => [...text.matchAll(/<([0-9a-fA-F]+)>\s*Tj/g)].map((match) => match[1]!.toLowerCase()));
  return maps.flatMap((map) => shown.map((hex) => (hex.match(/.{4}/g) ?? []).map((glyph) => map.get(glyph) ?? '\uFFFD').join('')));
}
