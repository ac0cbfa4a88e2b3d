import { isMessageKey, type MessageKey } from '@sen/contract';
import type { z } from 'zod';

/**
 * The message key of a failed parse: the first issue's message, which the contract schemas set
 * to a message key. Rules written without one (plain enums, literals) fall back to 'Please input'
 * for a missing value and to 'Request failed' for a wrong one.
 */
export function validationMessageKey(error: z.ZodError): MessageKey {
  const issue = error.issues[0];
  if (!issue) return 'error.requestFailed';
  if (isMessageKey(issue.message)) return issue.message;
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return missing ? 'validation.required' : 'error.requestFailed';
}
