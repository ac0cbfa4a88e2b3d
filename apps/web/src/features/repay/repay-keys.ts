/** Query keys of repayments. */
export const repayKeys = {
  all: ['repay'] as const,
  /** The orders that can be repaid now (the Order tab). */
  repayable: () => [...repayKeys.all, 'repayable'] as const,
  /** One repayment request's live status. */
  status: (requestId: string) => [...repayKeys.all, 'status', requestId] as const,
};
