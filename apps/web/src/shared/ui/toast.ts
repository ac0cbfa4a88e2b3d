/**
 * One place for toasts, so tests can observe them and the look stays the same everywhere. Toasts
 * are for what has no field; they sit in the upper part of the screen, clear of an open keyboard,
 * and wrap by words (global.css), so a Vietnamese syllable is never split. antd-mobile's Toast
 * (with its animation library) is fetched with the first toast, not with the first route.
 */
export function showToast(content: string): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => {
    Toast.show({ content, position: 'top', duration: 2000, maskClassName: 'sen-toast' });
  });
}
