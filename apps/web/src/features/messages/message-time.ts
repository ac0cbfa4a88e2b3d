import type { Language } from '@sen/contract';
import { INTL_LOCALE } from '../../shared/i18n/format.ts';

/** When a message was sent, in Vietnam time (the product's one time zone), in the language's order: 22/11/2026 14:05. */
export function formatMessageTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    timeZone: 'Asia/Ho_Chi_Minh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
