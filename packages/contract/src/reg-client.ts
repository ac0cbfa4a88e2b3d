/** The device family recorded at login (SPEC.md §3): desktop browsers count as PC. */
export const REG_CLIENTS = ['IOS', 'Android', 'PC', 'UNKNOWN'] as const;
export type RegClient = (typeof REG_CLIENTS)[number];

export function detectRegClient(userAgent: string | undefined | null): RegClient {
  if (!userAgent) return 'UNKNOWN';
  // iPadOS 13+ reports itself as a Macintosh; the touch hint is checked by the caller if needed.
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'IOS';
  if (/Android/i.test(userAgent)) return 'Android';
  if (/Windows NT|Macintosh|Mac OS X|X11|Linux x86_64|CrOS/i.test(userAgent)) return 'PC';
  return 'UNKNOWN';
}
