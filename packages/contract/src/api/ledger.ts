import { z } from 'zod';

/** The ledger check's report (docs/decisions/055-ledger.md). Amounts are whole đồng as decimal text. */
export const ledgerCheckReportSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  checks: z.array(z.object({ name: z.string(), description: z.string(), violations: z.number().int() })),
  violations: z.array(z.object({ check: z.string(), detail: z.string() })),
  totals: z.object({
    entries: z.number().int(),
    lines: z.number().int(),
    debits: z.string(),
    credits: z.string(),
    byAccount: z.record(z.string(), z.string()),
    byEvent: z.record(z.string(), z.number().int()),
  }),
});
export type LedgerCheckReportData = z.infer<typeof ledgerCheckReportSchema>;

