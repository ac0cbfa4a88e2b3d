import { Toast } from 'antd-mobile';

/** One place for toasts, so tests can observe them and the look stays the same everywhere. */
export function showToast(content: string): void {
  Toast.show({ content, position: 'center', duration: 2000 });
}
