/**
 * One place for toasts, so tests can observe them and the look stays the same everywhere. Toasts
 * are for what has no field; they sit in the upper part of the screen, clear of an open keyboard,
 * and wrap by words (global.css), so a Vietnamese syllable is never split. antd-mobile's Toast
 * (with its animation library and its React 19 shim) is fetched with the first toast, not with the
 * first route.
 */
export function showToast(content: string): void {
  void Promise.all([import('antd-mobile/es/components/toast'), import('./antd-react19.ts')]).then(([{ default: Toast }, { installAntdReact19Render }]) => {
    installAntdReact19Render();
    Toast.show({ content, position: 'top', duration: 2000, maskClassName: 'sen-toast' });
  });
}
