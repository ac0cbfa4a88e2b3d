/**
 * App version comparison for the forced-update check (code 300). Versions are dotted numbers
 * ("1.0.10"); a segment's leading digits count ("2-beta" is 2), missing segments are 0.
 */
const VERSION = /^\d+(?:\.\d+)*/;

/** The numeric segments of a version text, or null when it does not start with a number. */
export function versionSegments(text: string): number[] | null {
  const match = VERSION.exec(text.trim());
  return match ? match[0].split('.').map(Number) : null;
}

/** True when `version` is a readable version strictly below `minimum`; unreadable versions are not blocked. */
export function isVersionBelow(version: string, minimum: string): boolean {
  const a = versionSegments(version);
  const b = versionSegments(minimum);
  if (!a || !b) return false;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}
