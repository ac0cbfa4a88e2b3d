/** Query keys of the home's server state. */
export const homeKeys = {
  all: ['home'] as const,
  /** common/index: the visitor home's figures, the support contacts and the company's facts (the same for everyone). */
  commonIndex: () => [...homeKeys.all, 'common-index'] as const,
  activities: () => [...homeKeys.all, 'activities'] as const,
  ticker: () => [...homeKeys.all, 'ticker'] as const,
  /** index/v3 of every user: the credit limit, the products and the mode a loan or a repayment changes. */
  indexes: () => [...homeKeys.all, 'index'] as const,
  /** Keyed by user, so a borrower who signs in after another never sees the other's cached home. */
  index: (userId: number | string) => [...homeKeys.indexes(), userId] as const,
};
