import type { Language } from '@sen/contract';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * When a message was sent, in Vietnam time (the product's one time zone): '23/11/2026 00:30' in
 * Vietnamese and English (day first, as in Vietnam), '2026/11/23 00:30' in Chinese.
 */
export function formatMessageTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(PARTS.formatToParts(date).map(({ type, value }) => [type, value]));
  const time = `${part.hour}:${part.minute}`;
  return language === 'zh' ? `${part.year}/${part.month}/${part.day} ${time}` : `${part.day}/${part.month}/${part.year} ${time}`;
}
