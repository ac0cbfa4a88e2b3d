// Be Vietnam Pro, self-hosted: weights 400 and 600, Vietnamese and Latin subsets (full diacritics).
import '@fontsource/be-vietnam-pro/latin-400.css';
import '@fontsource/be-vietnam-pro/latin-600.css';
import '@fontsource/be-vietnam-pro/vietnamese-400.css';
import '@fontsource/be-vietnam-pro/vietnamese-600.css';

export const FONT_FAMILY = 'Be Vietnam Pro';
export const FONT_WEIGHTS = [400, 600] as const;

/** Sample text with Vietnamese letters, so the browser fetches both the latin and the vietnamese files. */
const SAMPLE = 'Sen An toàn & đáng tin cậy ẩ ữ ợ';

/** Loads both weights through the CSS Font Loading API; resolves even when fonts are unavailable. */
export async function preloadFonts(fonts: Pick<FontFaceSet, 'load'> | undefined = typeof document === 'undefined' ? undefined : document.fonts): Promise<void> {
  if (!fonts) return;
  await Promise.allSettled(FONT_WEIGHTS.map((weight) => fonts.load(`${weight} 16px "${FONT_FAMILY}"`, SAMPLE)));
}
