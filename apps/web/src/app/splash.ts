/**
 * The splash is markup in index.html (drawn before any JavaScript, in the stored language); the
 * app removes it once the boot is done and the first route is rendered beneath it.
 */
export const SPLASH_ELEMENT_ID = 'splash';

export function hideSplash(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  doc?.getElementById(SPLASH_ELEMENT_ID)?.remove();
}

/**
 * The build puts the app's stylesheet at the end of <body> so that it does not hold back the
 * splash's first paint (docs/decisions/081). A lazy route's CSS is appended to <head> later, and
 * must come after the app's stylesheet to win ties as it did when that sheet was in <head>: so,
 * before any route loads, the app's stylesheets move to the end of <head> (already loaded, under
 * the splash, nothing shows).
 */
export function moveAppStylesheetsToHead(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  if (!doc) return;
  for (const link of doc.querySelectorAll('body link[rel="stylesheet"]')) doc.head.appendChild(link);
}
