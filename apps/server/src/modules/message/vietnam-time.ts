import type { Language } from '@sen/contract';

/** Vietnam has one time zone, UTC+7, and no daylight saving time. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

const pad = (value: number) => String(value).padStart(2, '0');

/** The Vietnam calendar date (YYYY-MM-DD) of an instant. */
export function vietnamDate(instant: Date): string {
  return new Date(instant.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant as the family's clients read message times: Vietnam time, 'dd-MM-yyyy HH:mm:ss'. */
export function familyMessageTime(instant: Date): string {
  const local = new Date(instant.getTime() + VIETNAM_OFFSET_MS);
  const date = `${pad(local.getUTCDate())}-${pad(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
  return `${date} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}

/** A calendar date (YYYY-MM-DD) in a message: dd/MM/yyyy in Vietnamese and English, yyyy年M月d日 in Chinese. */
export function formatVietnamDate(date: string, language: Language): string {
  const [year, month, day] = date.split('-');
  if (language === 'zh') return `${year}年${Number(month)}月${Number(day)}日`;
  return `${day}/${month}/${year}`;
}
