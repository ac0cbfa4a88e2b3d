import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { emptyRequestSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

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

export const ledgerCheckEndpoint = defineEndpoint({
  id: 'operatorLedgerCheck',
  method: 'GET',
  path: API_PATHS.operatorLedgerCheck,
  summary:
    'Operators only (header X-Operator-Token = OPERATOR_TOKEN): verifies the ledger (every entry balances, account balances on their allowed side, no loan paid out twice, ...) and answers the totals.',
  module: 'ledger',
  request: emptyRequestSchema,
  response: ledgerCheckReportSchema,
  signed: false,
  session: 'none',
  errors: ['ACCESS_DENIED'],
});
