import type { Language } from '@sen/contract';
import { familyDateText, vietnamDateTime } from '@sen/domain';

/** An instant as the family's clients read message times: Vietnam time, 'dd-MM-yyyy HH:mm:ss'. */
export function familyMessageTime(instant: Date): string {
  const [date, time] = vietnamDateTime(instant).split(' ') as [string, string];
  return `${familyDateText(date)} ${time}`;
}

/** A calendar date (YYYY-MM-DD) in a message: dd/MM/yyyy in Vietnamese and English, yyyy年M月d日 in Chinese. */
export function formatVietnamDate(date: string, language: Language): string {
  const [year, month, day] = date.split('-');
  if (language === 'zh') return `${year}年${Number(month)}月${Number(day)}日`;
  return `${day}/${month}/${year}`;
}
