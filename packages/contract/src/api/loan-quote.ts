import { z } from 'zod';

/*
 * A product in its "detail" form (API-FAMILY.md §6.1): the terms, each with its instalment plans
 * and their repayment schedules, as productInfo/detail and index/loan/page answer them. Every
 * figure is read off the domain's schedule and cost table (packages/domain), never computed twice.
 * Fields marked "Sen" are beyond the family: the full cost (total to repay, cost of credit, APR)
 * shown before a borrower commits (DESIGN.md departures).
 */

const money = z.number().int();

/** A fee line (appProductHandleFeeConfigDtos). `nameConfig` is JSON text {"vi","en","zh"}. */
export const handleFeeSchema = z.object({ productId: z.number().int(), name: z.string(), nameConfig: z.string(), amount: money });
export type HandleFee = z.infer<typeof handleFeeSchema>;

/** One row of a repayment schedule (appRepaymentPlanDTOList). */
export const repaymentPlanRowSchema = z.object({
  planPart: z.number().int(),
  /** 'yyyy-MM-dd 00:00:00' (the family shows the part before the space). */
  repayTime: z.string(),
  totalRepayment: money,
  /** Principal of the instalment. */
  repayActualAmount: money,
  repayInterestAmount: money,
  /** Service fee repaid with the instalment (0 when the fee is taken out of the payout). */
  repayAfterHandleAmount: money,
  /** Sen: the due date, yyyy-MM-dd. */
  dueDate: z.string(),
});
export type RepaymentPlanRow = z.infer<typeof repaymentPlanRowSchema>;

/** One instalment choice of a term (productInstallmentPlanDTOList), with its schedule and full cost. */
export const installmentPlanSchema = z.object({
  productId: z.number().int(),
  /** Submitted as planNums (single) or in productInstallmentMap (batch). 1 = one payment at the end. */
  planNums: z.number().int(),
  isDefault: z.number().int(),
  defaultSign: z.number().int(),
  firstRepayment: money,
  appRepaymentPlanDTOList: z.array(repaymentPlanRowSchema),
  /** Sen: the sum of the instalments: what the borrower repays in all. */
  totalRepayment: money,
  /** Sen: interest over the whole schedule. */
  interestAmount: money,
  /** Sen: the whole service fee. */
  serviceAmount: money,
  /** Sen: what reaches the borrower's account. */
  actualAmount: money,
  /** Sen: totalRepayment − actualAmount. */
  costOfCredit: money,
  /** Sen: the effective annual rate including fees, in percent, rounded up to 0.01 (decision 056). */
  aprPercent: z.number(),
  /** Sen: the last due date, yyyy-MM-dd. */
  finalDueDate: z.string(),
});
export type InstallmentPlan = z.infer<typeof installmentPlanSchema>;

/** One term of a product (loanTermConfigDTOList); its figures are those of its default plan. */
export const loanTermConfigSchema = z.object({
  /** The loan term id, submitted as loanTermId / in productLoanTermIdMap (one term per product: the product's id). */
  id: z.number().int(),
  timeLimit: z.number().int(),
  defaultSign: z.number().int(),
  isDefault: z.number().int(),
  actualAmount: money,
  /** Interest per day in percent (0.03 = 0.03 % a day). */
  interestRate: z.number(),
  interestAmount: money,
  /** The final due date as dd-MM-yyyy. */
  repayTimeStr: z.string(),
  /** The service fee repaid with the instalments (0 when it is taken out of the payout). */
  installmentServiceFee: money,
  serviceAmount: money,
  currencySymbol: z.string(),
  appProductHandleFeeConfigDtos: z.array(handleFeeSchema),
  productInstallmentPlanDTOList: z.array(installmentPlanSchema),
});
export type LoanTermConfig = z.infer<typeof loanTermConfigSchema>;
