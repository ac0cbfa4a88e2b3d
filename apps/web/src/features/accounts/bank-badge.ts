/**
 * The text of a bank's or wallet's badge: its code as banks print it (VCB, VIB, VAB, MOMO), at
 * most four letters. The first two letters of the name made Vietcombank, VIB and VietABank all
 * 'VI' (issue 25). Without a code, the initials of the name's words, else its first letters.
 */
export function bankBadge(code: string | null | undefined, name: string): string {
  const fromCode = (code ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (fromCode.length > 0) return fromCode.slice(0, 4);
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words.length > 1 ? words.map((word) => word[0]).join('') : (words[0] ?? '').slice(0, 3);
  return initials.toUpperCase().slice(0, 4);
}
