import type { Localized } from './localized.ts';

/** The `company` values of the telecom step (API-FAMILY.md §5.11). */
export const OPERATOR_COMPANIES = ['viet', 'mobi', 'vina', 'vietnamobile', 'saymee'] as const;
export type OperatorCompany = (typeof OPERATOR_COMPANIES)[number];

export interface Operator {
  readonly company: OperatorCompany;
  /** The display name `userBaseExt/info.telecom` carries (the family's spelling). */
  readonly name: string;
  readonly label: Localized;
  /** Codes the subscriber confirms: Vietnamobile one (`otp/one` then `otp/three`), the others two. */
  readonly codeSteps: 1 | 2;
}

/** The operators offered (SPEC.md §3), in the order the picker shows them. */
export const OPERATORS: readonly Operator[] = [
  { company: 'viet', name: 'Viettel', label: { en: 'Viettel', vn: 'Viettel', zh: 'Viettel' }, codeSteps: 2 },
  { company: 'mobi', name: 'Mobifone', label: { en: 'MobiFone', vn: 'MobiFone', zh: 'MobiFone' }, codeSteps: 2 },
  { company: 'vina', name: 'Vinaphone', label: { en: 'Vinaphone', vn: 'Vinaphone', zh: 'Vinaphone' }, codeSteps: 2 },
  { company: 'vietnamobile', name: 'Vietnamobile', label: { en: 'Vietnamobile', vn: 'Vietnamobile', zh: 'Vietnamobile' }, codeSteps: 1 },
  { company: 'saymee', name: 'Saymee', label: { en: 'Saymee', vn: 'Saymee', zh: 'Saymee' }, codeSteps: 2 },
];

export function findOperator(company: string | null | undefined): Operator | undefined {
  return OPERATORS.find((entry) => entry.company === company);
}
