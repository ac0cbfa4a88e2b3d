import { Toast } from 'antd-mobile';

/**
 * One place for toasts, so tests can observe them and the look stays the same everywhere. Toasts
 * are for what has no field; they sit in the upper part of the screen, clear of an open keyboard,
 * and wrap by words (global.css), so a Vietnamese syllable is never split.
 */
export function showToast(content: string): void {
  Toast.show({ content, position: 'top', duration: 2000, maskClassName: 'sen-toast' });
}
