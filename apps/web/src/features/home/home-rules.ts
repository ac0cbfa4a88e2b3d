import { AUTH_DONE, CREDIT_STATUS, type HomeIndex, type ProductCard } from '@sen/contract';

/**
 * The has-auth home's rules of SPEC.md §4 as pure functions (tested as tables in
 * home-rules.test.ts): which mode the home is in, when a product card is locked, and what Apply
 * does.
 */

export type HomeMode = 'PreAuditRejected' | 'CalmPeriod' | 'PreAuditLoading' | 'Normal' | 'NoProducts' | 'NotFound';

/** SPEC.md §4 'Home, logged in', in this order. */
export function selectHomeMode(index: Pick<HomeIndex, 'userCreditStatus' | 'calmFlag' | 'showProducts' | 'canNotApplyProducts'>): HomeMode {
  if (index.userCreditStatus === CREDIT_STATUS.REJECTED) return 'PreAuditRejected';
  if (index.calmFlag) return 'CalmPeriod';
  if (index.userCreditStatus === CREDIT_STATUS.REVIEWING) return 'PreAuditLoading';
  const anyProducts = index.showProducts.length + index.canNotApplyProducts.length > 0;
  if (anyProducts) return index.userCreditStatus === CREDIT_STATUS.APPROVED ? 'Normal' : 'NotFound';
  return 'NoProducts';
}

type CardFields = Pick<ProductCard, 'showConditionTypeSign' | 'creditStatus'> & { lock?: boolean };

/** The condition sign as text: the family sends '0'/'1' or null, some clients numbers. */
function sign(card: Pick<ProductCard, 'showConditionTypeSign'>): string | null {
  const value = card.showConditionTypeSign as string | number | null | undefined;
  return value === null || value === undefined ? null : String(value);
}

/** SPEC.md §4 'Product card': locked if lock is set, the condition sign is not in {0, null, 1}, or creditStatus is 0 or 2. */
export function isCardLocked(card: CardFields): boolean {
  if (card.lock) return true;
  const condition = sign(card);
  if (condition !== null && condition !== '0' && condition !== '1') return true;
  return card.creditStatus === CREDIT_STATUS.REVIEWING || card.creditStatus === CREDIT_STATUS.REJECTED;
}

/** A card whose condition sign is '1' shows 'Go to add information'. */
export function needsAdditionalInformation(card: Pick<ProductCard, 'showConditionTypeSign'>): boolean {
  return sign(card) === '1';
}

export type ApplyAction =
  | { kind: 'pending' }
  | { kind: 'failed'; date: string | null; text: string }
  | { kind: 'download'; url: string }
  | { kind: 'add-information' }
  /** The first loan without a receiving account: add one, then come back to this product (issue 25 item 8). */
  | { kind: 'bind-card'; productId: number; amount: number }
  | { kind: 'product-info'; productId: number; amount: number };

/**
 * SPEC.md §4 'Apply' for one card: on iOS a download product redirects; creditStatus 0 → 'Pre-credit
 * is pending'; 2 → 'Pre-credit has failed' with the date; then a missing supplementary information
 * → add it; the first loan without a bank card (bankCardState not '30') → account and contacts;
 * else the loan detail (productId, amount = the card's maximum) at /product/info.
 */
export function applyAction(
  card: Pick<ProductCard, 'productId' | 'creditStatus' | 'maxLoanAmount' | 'jumpType' | 'downloadUrl' | 'showConditionTypeSign' | 'enableLoanStr'> & {
    enableLoanDate?: string | null;
  },
  context: { isIos: boolean; bankCardState: string | null },
): ApplyAction {
  if (context.isIos && (card.jumpType === 1 || card.jumpType === 2) && card.downloadUrl) return { kind: 'download', url: card.downloadUrl };
  if (card.creditStatus === CREDIT_STATUS.REVIEWING) return { kind: 'pending' };
  if (card.creditStatus === CREDIT_STATUS.REJECTED) return { kind: 'failed', date: card.enableLoanDate ?? null, text: card.enableLoanStr };
  if (needsAdditionalInformation(card)) return { kind: 'add-information' };
  if (context.bankCardState !== AUTH_DONE) return { kind: 'bind-card', productId: card.productId, amount: card.maxLoanAmount };
  return { kind: 'product-info', productId: card.productId, amount: card.maxLoanAmount };
}

/**
 * The congratulation popup's 'Borrow now' (issue 25 item 8): Apply on the first product the
 * borrower can borrow from (which asks for a receiving account only when they have none, and comes
 * back to the product after); with none, the account and contacts form as before.
 */
export function congratulationAction(index: Pick<HomeIndex, 'showProducts'>, context: { isIos: boolean; bankCardState: string | null }): ApplyAction | { kind: 'account-and-contacts' } {
  const first = index.showProducts.find((card) => !isCardLocked(card));
  return first ? applyAction(first, context) : { kind: 'account-and-contacts' };
}

/** SPEC.md §4: the withdraw ('borrow from all') button is disabled if userCreditAmount or togetherLoanSign is 0. */
export function isWithdrawDisabled(index: Pick<HomeIndex, 'userCreditAmount' | 'togetherLoanSign'>): boolean {
  return !index.userCreditAmount || !index.togetherLoanSign;
}

/** Products with newSign 1 (the new-products popup). */
export function newProducts(index: Pick<HomeIndex, 'showProducts' | 'canNotApplyProducts'>): ProductCard[] {
  return [...index.showProducts, ...index.canNotApplyProducts].filter((card) => card.newSign === 1);
}

/** Certification items still to do before a credit limit (hasAuth needs every item but BANK). */
export function stepsLeft(authConfig: string | null, states: Record<string, string> | null, itemState: Record<string, string>): string[] {
  if (!authConfig) return [];
  return authConfig
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item !== 'BANK' && item in itemState)
    .filter((item) => states?.[itemState[item]!] !== AUTH_DONE);
}
