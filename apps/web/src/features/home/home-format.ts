import type { Language } from '@sen/contract';
import { formatVnd } from '@sen/domain';

/** An amount in VND with the language's separators and symbol. */
export function money(amount: number, language: Language): string {
  return formatVnd(BigInt(Math.trunc(amount)), language, { symbol: true });
}

/** '{min} – {max}' in the language's format. */
export function moneyRange(min: number, max: number, language: Language): string {
  return min === max ? money(max, language) : `${money(min, language)} – ${money(max, language)}`;
}

/** A yyyy-MM-dd date for people: dd/MM/yyyy in vn and en, yyyy年M月d日 in zh; the text as given otherwise. */
export function displayDate(iso: string | null | undefined, fallback: string, language: Language): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return fallback;
  const [, y, m, d] = match;
  return language === 'zh' ? `${y}年${Number(m)}月${Number(d)}日` : `${d}/${m}/${y}`;
}
