/**
 * A 5×7 pixel font for the watermark burned into revealed ID images (decision 097). Drawn as
 * rectangles, it needs no font on the server: an SVG <text> would be rendered with whatever
 * fontconfig finds, and on a slim production image that can be nothing at all, leaving an image
 * without its watermark and nobody the wiser. Letters are drawn as capitals; any character not here
 * is drawn as '?'.
 */

/** Each glyph: 7 rows of 5 cells, '#' lit, top to bottom. */
const GLYPH_ROWS: ReadonlyArray<readonly [string, string]> = [
  ['A', '.###. #...# #...# ##### #...# #...# #...#'],
  ['B', '####. #...# #...# ####. #...# #...# ####.'],
  ['C', '.###. #...# #.... #.... #.... #...# .###.'],
  ['D', '###.. #..#. #...# #...# #...# #..#. ###..'],
  ['E', '##### #.... #.... ####. #.... #.... #####'],
  ['F', '##### #.... #.... ####. #.... #.... #....'],
  ['G', '.###. #...# #.... #.### #...# #...# .####'],
  ['H', '#...# #...# #...# ##### #...# #...# #...#'],
  ['I', '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.'],
  ['J', '..### ...#. ...#. ...#. ...#. #..#. .##..'],
  ['K', '#...# #..#. #.#.. ##... #.#.. #..#. #...#'],
  ['L', '#.... #.... #.... #.... #.... #.... #####'],
  ['M', '#...# ##.## #.#.# #.#.# #...# #...# #...#'],
  ['N', '#...# #...# ##..# #.#.# #..## #...# #...#'],
  ['O', '.###. #...# #...# #...# #...# #...# .###.'],
  ['P', '####. #...# #...# ####. #.... #.... #....'],
  ['Q', '.###. #...# #...# #...# #.#.# #..#. .##.#'],
  ['R', '####. #...# #...# ####. #.#.. #..#. #...#'],
  ['S', '.#### #.... #.... .###. ....# ....# ####.'],
  ['T', '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..'],
  ['U', '#...# #...# #...# #...# #...# #...# .###.'],
  ['V', '#...# #...# #...# #...# #...# .#.#. ..#..'],
  ['W', '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.'],
  ['X', '#...# #...# .#.#. ..#.. .#.#. #...# #...#'],
  ['Y', '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..'],
  ['Z', '##### ....# ...#. ..#.. .#... #.... #####'],
  ['0', '.###. #...# #..## #.#.# ##..# #...# .###.'],
  ['1', '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.'],
  ['2', '.###. #...# ....# ...#. ..#.. .#... #####'],
  ['3', '##### ...#. ..#.. ...#. ....# #...# .###.'],
  ['4', '...#. ..##. .#.#. #..#. ##### ...#. ...#.'],
  ['5', '##### #.... ####. ....# ....# #...# .###.'],
  ['6', '..##. .#... #.... ####. #...# #...# .###.'],
  ['7', '##### ....# ...#. ..#.. .#... .#... .#...'],
  ['8', '.###. #...# #...# .###. #...# #...# .###.'],
  ['9', '.###. #...# #...# .#### ....# ...#. .##..'],
  ['@', '.###. #...# #.### #.#.# #.### #.... .###.'],
  ['.', '..... ..... ..... ..... ..... .##.. .##..'],
  ['-', '..... ..... ..... ##### ..... ..... .....'],
  ['_', '..... ..... ..... ..... ..... ..... #####'],
  ['+', '..... ..#.. ..#.. ##### ..#.. ..#.. .....'],
  [':', '..... .##.. .##.. ..... .##.. .##.. .....'],
  ['/', '..... ....# ...#. ..#.. .#... #.... .....'],
  ['?', '.###. #...# ....# ...#. ..#.. ..... ..#..'],
];

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** A glyph and the blank column after it. */
export const GLYPH_ADVANCE = GLYPH_WIDTH + 1;

const GLYPHS = new Map(GLYPH_ROWS.map(([char, rows]) => [char, rows.split(' ')]));
const BLANK = Array.from({ length: GLYPH_HEIGHT }, () => '.'.repeat(GLYPH_WIDTH));

function glyphOf(char: string): readonly string[] {
  if (char === ' ') return BLANK;
  return GLYPHS.get(char.toUpperCase()) ?? GLYPHS.get('?')!;
}

/** A horizontal run of lit cells, in cell units from the text's top left. */
export interface CellRun {
  x: number;
  y: number;
  length: number;
}

/** The lit cells of `text` set on one line, as horizontal runs (one SVG rectangle each). */
export function textRuns(text: string): CellRun[] {
  const runs: CellRun[] = [];
  [...text].forEach((char, index) => {
    const rows = glyphOf(char);
    rows.forEach((row, y) => {
      for (let x = 0; x < GLYPH_WIDTH; x++) {
        if (row[x] !== '#' || (x > 0 && row[x - 1] === '#')) continue;
        let length = 1;
        while (x + length < GLYPH_WIDTH && row[x + length] === '#') length++;
        runs.push({ x: index * GLYPH_ADVANCE + x, y, length });
      }
    });
  });
  return runs;
}

/** Width of `text` in cells (no trailing blank column). */
export function textWidth(text: string): number {
  const length = [...text].length;
  return length === 0 ? 0 : length * GLYPH_ADVANCE - 1;
}
