import type { HandleFee, InstallmentPlan, LoanTermConfig, RepaymentPlanRow } from '@sen/contract';
import { familyDateText, overdueRatePpm, quoteLoan, serviceFeeFor, type CostTable, type IsoDate, type LoanTerms, type Schedule } from '@sen/domain';
import type { ProductRow } from './product.repository.ts';

/**
 * A product quoted for an amount in the family's detail shapes (API-FAMILY.md §6.1): every figure
 * is read off the domain's schedule and cost table (packages/domain), the one computation of what a
 * loan costs, so what productInfo/detail shows is what the order's schedule will ask for.
 *
 * A product has one term (its termDays); the term's id on the wire is the product's id.
 */

export type QuotableProduct = Pick<
  ProductRow,
  'id' | 'termDays' | 'planNums' | 'dailyRatePpm' | 'serviceFeePpm' | 'overdueDailyRatePpm' | 'feeTiming'
>;

const SYMBOL = '₫';

/** The service fee's name in the three languages (the family reads `nameConfig` as JSON). */
const SERVICE_FEE_NAMES = { vi: 'Phí dịch vụ', en: 'Service fee', zh: '服务费' };

/** The domain's loan terms of a product, an amount and a plan, starting on `startDate` (day 0). */
export function loanTermsOf(product: QuotableProduct, principal: bigint, planNums: number, startDate: IsoDate): LoanTerms {
  return {
    principal,
    dailyRatePpm: BigInt(product.dailyRatePpm),
    termDays: product.termDays,
    planNums,
    serviceFee: serviceFeeFor({ kind: 'rate', ppm: BigInt(product.serviceFeePpm) }, principal),
    feeTiming: product.feeTiming,
    startDate,
  };
}

/** The overdue fee rate a loan of this product is charged (the product's, never above the legal cap). */
export function overdueRateOf(product: Pick<ProductRow, 'dailyRatePpm' | 'overdueDailyRatePpm'>): bigint {
  return overdueRatePpm(BigInt(product.dailyRatePpm), { capPercent: 150n, dailyRatePpm: BigInt(product.overdueDailyRatePpm) });
}

/** Whether a product offers this term and plan (undefined: the default). */
export function offersPlan(product: QuotableProduct, loanTermId: number | undefined, planNums: number | undefined): boolean {
  if (loanTermId !== undefined && loanTermId !== product.id) return false;
  return planNums === undefined || product.planNums.includes(planNums);
}

/** The plan a borrower gets when they choose none: the product's first. */
export function defaultPlanOf(product: QuotableProduct): number {
  return product.planNums[0] ?? 1;
}

/** 'yyyy-MM-dd 00:00:00', the family's repayTime. */
export function familyTime(date: IsoDate): string {
  return `${date} 00:00:00`;
}

/** The daily rate in percent as a number (300 ppm → 0.03), as the family's interestRate. */
export function ratePercent(dailyRatePpm: number): number {
  return dailyRatePpm / 10_000;
}

export function handleFees(productId: number, serviceFee: bigint): HandleFee[] {
  return [{ productId, name: SERVICE_FEE_NAMES.en, nameConfig: JSON.stringify(SERVICE_FEE_NAMES), amount: Number(serviceFee) }];
}

function planRows(schedule: Schedule): RepaymentPlanRow[] {
  return schedule.instalments.map((row) => ({
    planPart: row.planPart,
    repayTime: familyTime(row.dueDate),
    totalRepayment: Number(row.total),
    repayActualAmount: Number(row.principal),
    repayInterestAmount: Number(row.interest),
    repayAfterHandleAmount: Number(row.fee),
    dueDate: row.dueDate,
  }));
}

export interface PlanQuote {
  planNums: number;
  schedule: Schedule;
  cost: CostTable;
  wire: InstallmentPlan;
}

/** One plan of a product for an amount: its schedule, cost table and wire form. */
export function quotePlan(product: QuotableProduct, principal: bigint, planNums: number, startDate: IsoDate, isDefault: boolean): PlanQuote {
  const { schedule, cost } = quoteLoan(loanTermsOf(product, principal, planNums, startDate));
  const flag = isDefault ? 1 : 0;
  return {
    planNums,
    schedule,
    cost,
    wire: {
      productId: product.id,
      planNums,
      isDefault: flag,
      defaultSign: flag,
      firstRepayment: Number(cost.firstRepayment),
      appRepaymentPlanDTOList: planRows(schedule),
      totalRepayment: Number(cost.totalRepayable),
      interestAmount: Number(cost.interest),
      serviceAmount: Number(cost.serviceFee),
      actualAmount: Number(cost.received),
      costOfCredit: Number(cost.costOfCredit),
      aprPercent: cost.annualRate.aprPercent,
      finalDueDate: cost.finalDueDate,
    },
  };
}

export interface ProductQuote {
  /** The default plan's quote (the term's header figures). */
  defaultPlan: PlanQuote;
  plans: PlanQuote[];
  term: LoanTermConfig;
}

/** Every plan of a product for an amount, as the product's one term (loanTermConfigDTOList[0]). */
export function quoteProduct(product: QuotableProduct, principal: bigint, startDate: IsoDate): ProductQuote {
  const defaultPlanNums = defaultPlanOf(product);
  const plans = product.planNums.map((planNums) => quotePlan(product, principal, planNums, startDate, planNums === defaultPlanNums));
  const defaultPlan = plans.find((plan) => plan.planNums === defaultPlanNums)!;
  const { cost } = defaultPlan;
  return {
    defaultPlan,
    plans,
    term: {
      id: product.id,
      timeLimit: product.termDays,
      defaultSign: 1,
      isDefault: 1,
      actualAmount: Number(cost.received),
      interestRate: ratePercent(product.dailyRatePpm),
      interestAmount: Number(cost.interest),
      repayTimeStr: familyDateText(cost.finalDueDate),
      installmentServiceFee: Number(cost.serviceFee - cost.deductedFee),
      serviceAmount: Number(cost.serviceFee),
      currencySymbol: SYMBOL,
      appProductHandleFeeConfigDtos: handleFees(product.id, cost.serviceFee),
      productInstallmentPlanDTOList: plans.map((plan) => plan.wire),
    },
  };
}
