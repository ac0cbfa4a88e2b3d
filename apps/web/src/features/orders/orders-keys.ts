/** Query keys of the borrower's orders (one order is one loan). */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
  /** common/reloan/button/sign: whether 'Repay and borrow again' shows. */
  reloanSign: () => [...orderKeys.all, 'reloan-sign'] as const,
  /** An order's hardship section (decision 117). */
  hardship: (orderId: number) => [...orderKeys.all, 'hardship', orderId] as const,
};
