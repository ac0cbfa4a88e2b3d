import { isMessageKey, translate as translateMessage } from '@sen/contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { translate } from '../i18n/i18n.ts';
import { storedLanguage } from '../i18n/language.ts';

/**
 * The text of a zod issue in the interface language: the contract's own message when the schema
 * names one (`validation.required`, `validation.admin.passwordLength`, …), else a generic text for
 * the kind of issue (too small, too large, not valid).
 */
export function issueText(issue: z.core.$ZodIssue, value: unknown): string {
  if (isMessageKey(issue.message)) return translateMessage(storedLanguage(), issue.message);
  if (value === undefined || value === null || value === '') return translateMessage(storedLanguage(), 'validation.required');
  if (issue.code === 'too_small') return translate('validation.atLeast', { limit: String(issue.minimum) });
  if (issue.code === 'too_big') return translate('validation.atMost', { limit: String(issue.maximum) });
  return translate('validation.invalid');
}

/**
 * An antd form rule that checks a field with a schema from the contract: the same rule the server
 * applies, with the same message, before the call is made.
 */
export function zodRule(schema: z.ZodType, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      // An optional field left empty is sent as null or left out: nothing to check.
      if (options.optional && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) return;
      const result = schema.safeParse(value);
      const [issue] = result.success ? [] : result.error.issues;
      if (issue) throw new Error(issueText(issue, value));
    },
  };
}
