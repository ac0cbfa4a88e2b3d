import fc from 'fast-check';
import { serviceFeeFor, type LoanTerms } from './schedule.ts';

/** Loan terms across the products' range (tests only). */
export const termsArbitrary = fc
  .record({
    principal: fc.bigInt({ min: 100_000n, max: 50_000_000n }),
    dailyRatePpm: fc.bigInt({ min: 0n, max: 2_000n }),
    termDays: fc.integer({ min: 1, max: 365 }),
    planNums: fc.integer({ min: 1, max: 12 }),
    feePpm: fc.bigInt({ min: 0n, max: 200_000n }),
    feeTiming: fc.constantFrom('deducted' as const, 'instalments' as const),
    startDay: fc.integer({ min: 0, max: 3650 }),
  })
  .filter((raw) => raw.planNums <= raw.termDays)
  .map(
    (raw): LoanTerms => ({
      principal: raw.principal,
      dailyRatePpm: raw.dailyRatePpm,
      termDays: raw.termDays,
      planNums: raw.planNums,
      serviceFee: serviceFeeFor({ kind: 'rate', ppm: raw.feePpm }, raw.principal),
      feeTiming: raw.feeTiming,
      startDate: new Date(Date.UTC(2024, 0, 1 + raw.startDay)).toISOString().slice(0, 10),
    }),
  );

