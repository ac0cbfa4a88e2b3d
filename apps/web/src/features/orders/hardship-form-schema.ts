import { HARDSHIP_REASONS, hardshipAmountTextSchema, hardshipNoteSchema } from '@sen/contract';
import { z } from 'zod';

/** The request-for-help form (decision 117): the contract's rules, the amount as typed. */
export const hardshipFormSchema = z.object({
  reason: z.enum(HARDSHIP_REASONS, { error: 'validation.hardship.reason' }),
  note: hardshipNoteSchema,
  monthlyAmount: hardshipAmountTextSchema,
});

export type HardshipForm = z.infer<typeof hardshipFormSchema>;
