import { isMessageKey } from '@sen/contract';
import { useT } from '../i18n/use-translation.ts';

/** A form field's error as text: a rule's message key translated, or the server's text as it came. */
export function useFieldErrorText(message: string | undefined): string | null {
  const { t } = useT();
  if (!message) return null;
  return isMessageKey(message) ? t(message) : message;
}
