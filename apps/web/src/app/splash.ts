/**
 * The splash is markup in index.html (drawn before any JavaScript, in the stored language); the
 * app removes it once the boot is done and the first route is rendered beneath it.
 */
export const SPLASH_ELEMENT_ID = 'splash';

export function hideSplash(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  doc?.getElementById(SPLASH_ELEMENT_ID)?.remove();
}
