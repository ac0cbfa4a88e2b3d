import bannerAvif from '../../assets/banner.avif';
import bannerPng from '../../assets/banner.png';
import bannerWebp from '../../assets/banner.webp';
import exitAvif from '../../assets/exit.avif';
import exitPng from '../../assets/exit.png';
import exitWebp from '../../assets/exit.webp';
import failedAvif from '../../assets/failed.avif';
import failedPng from '../../assets/failed.png';
import failedWebp from '../../assets/failed.webp';
import otpBackgroundAvif from '../../assets/otp-background.avif';
import otpBackgroundPng from '../../assets/otp-background.png';
import otpBackgroundWebp from '../../assets/otp-background.webp';
import passwordBackgroundAvif from '../../assets/password-background.avif';
import passwordBackgroundPng from '../../assets/password-background.png';
import passwordBackgroundWebp from '../../assets/password-background.webp';
import pendingAvif from '../../assets/pending.avif';
import pendingPng from '../../assets/pending.png';
import pendingWebp from '../../assets/pending.webp';
import questionAvif from '../../assets/question.avif';
import questionPng from '../../assets/question.png';
import questionWebp from '../../assets/question.webp';
import { detectImageFormat, type FormatProbe, type ImageFormat } from './image-formats.ts';

export type ImageName = 'banner' | 'otpBackground' | 'passwordBackground' | 'exit' | 'failed' | 'pending' | 'question';

/** Every app image in each format; generated from src/assets/source by scripts/build-images.sh. */
export const IMAGES: Record<ImageName, Record<ImageFormat, string>> = {
  banner: { avif: bannerAvif, webp: bannerWebp, png: bannerPng },
  otpBackground: { avif: otpBackgroundAvif, webp: otpBackgroundWebp, png: otpBackgroundPng },
  passwordBackground: { avif: passwordBackgroundAvif, webp: passwordBackgroundWebp, png: passwordBackgroundPng },
  exit: { avif: exitAvif, webp: exitWebp, png: exitPng },
  failed: { avif: failedAvif, webp: failedWebp, png: failedPng },
  pending: { avif: pendingAvif, webp: pendingWebp, png: pendingPng },
  question: { avif: questionAvif, webp: questionWebp, png: questionPng },
};

/** SPEC.md §1 prefetch priorities. */
export const HIGH_PRIORITY_IMAGES: readonly ImageName[] = ['banner', 'otpBackground', 'passwordBackground'];
export const LOW_PRIORITY_IMAGES: readonly ImageName[] = ['exit', 'failed', 'pending', 'question'];

let chosenFormat: ImageFormat = 'png';

/** The URL of an image in the format chosen at start-up (png until detection has run). */
export function imageUrl(name: ImageName): string {
  return IMAGES[name][chosenFormat];
}

export type ImageLoader = (url: string, priority: 'high' | 'low') => Promise<void>;

/** A cap per image, so one slow file cannot hold the start-up screen. */
const PRELOAD_TIMEOUT_MS = 3_000;

export const loadImage: ImageLoader = (url, priority) =>
  new Promise((resolve) => {
    if (typeof Image === 'undefined') {
      resolve();
      return;
    }
    const image = new Image();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, PRELOAD_TIMEOUT_MS);
    image.fetchPriority = priority;
    image.decoding = 'async';
    image.onload = done;
    image.onerror = done;
    image.src = url;
  });

/**
 * Detects the best format, then requests the high-priority images (fetchpriority high) and
 * resolves when they have loaded (or failed). The low-priority ones wait for
 * prefetchLowPriorityImages, called once the app is interactive, so they never compete with the
 * first route for the network.
 */
export async function detectFormatAndPreloadImages(probe?: FormatProbe, load: ImageLoader = loadImage): Promise<ImageFormat> {
  chosenFormat = await detectImageFormat(probe);
  await Promise.all(HIGH_PRIORITY_IMAGES.map((name) => load(IMAGES[name][chosenFormat], 'high')));
  return chosenFormat;
}

/** Requests the low-priority images in the chosen format (fetchpriority low); resolves when all have settled. */
export async function prefetchLowPriorityImages(load: ImageLoader = loadImage): Promise<void> {
  await Promise.all(LOW_PRIORITY_IMAGES.map((name) => load(IMAGES[name][chosenFormat], 'low')));
}

/** Runs `task` when the browser is idle after the first render (or after `fallbackMs` where there is no idle callback). */
export function whenIdle(task: () => void, fallbackMs = 1_500): void {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: fallbackMs * 2 });
  else setTimeout(task, fallbackMs);
}
