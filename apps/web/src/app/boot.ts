import { MIN_LOADING_SCREEN_MS, POLL_DEFAULTS } from '@sen/contract';
import { preloadFonts } from '../shared/fonts/fonts.ts';
import { loadStoredLanguage } from '../shared/i18n/i18n.ts';
import { detectFormatAndPreloadImages } from '../shared/images/images.ts';
import { refreshSignSecret } from '../shared/request/request.ts';

/** The start-up work of SPEC.md §1, run in parallel while the loading view shows. */
export interface BootTasks {
  images: () => Promise<unknown>;
  fonts: () => Promise<unknown>;
  signSecret: () => Promise<unknown>;
  /** The interface language's dictionary (each language is its own chunk). */
  dictionary?: () => Promise<unknown>;
}

export const defaultBootTasks: BootTasks = {
  images: () => detectFormatAndPreloadImages(),
  fonts: () => preloadFonts(),
  signSecret: () => refreshSignSecret(),
  dictionary: () => loadStoredLanguage(),
};

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Caps one task: the app starts even when a task hangs (its work may still finish later). */
function capped(task: () => Promise<unknown>, maxMs: number): Promise<unknown> {
  return Promise.race([task().catch(() => undefined), delay(maxMs)]);
}

/**
 * Resolves after max(MIN_LOADING_SCREEN_MS, the work), never their sum. A failing task does not
 * stop the start (a failed secret fetch leaves the secret empty). Each task is capped at
 * POLL_DEFAULTS.totalMs.
 */
export async function runBoot(tasks: BootTasks = defaultBootTasks, minMs: number = MIN_LOADING_SCREEN_MS): Promise<void> {
  const work = Promise.all([
    capped(tasks.images, POLL_DEFAULTS.totalMs),
    capped(tasks.fonts, POLL_DEFAULTS.totalMs),
    capped(tasks.signSecret, POLL_DEFAULTS.totalMs),
    capped(tasks.dictionary ?? (() => Promise.resolve()), POLL_DEFAULTS.totalMs),
  ]);
  await Promise.all([delay(minMs), work]);
}

let started: Promise<void> | null = null;

/** The boot runs once per page, even when React mounts the app twice (StrictMode). */
export function bootOnce(): Promise<void> {
  started ??= runBoot();
  return started;
}
