import { AUTH_ITEMS, type ProductCard } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { applyAction, congratulationAction, isCardLocked, isWithdrawDisabled, needsAdditionalInformation, newProducts, selectHomeMode, stepsLeft, type HomeMode } from './home-rules.ts';

const card = (change: Partial<ProductCard> = {}) =>
  ({
    productId: 7,
    creditStatus: 1,
    maxLoanAmount: 5_000_000,
    jumpType: 0,
    downloadUrl: null,
    showConditionTypeSign: null,
    enableLoanStr: '',
    enableLoanDate: null,
    lock: false,
    newSign: 0,
    ...change,
  }) as ProductCard;

describe('selectHomeMode (SPEC.md §4, in order)', () => {
  it.each<[string, { userCreditStatus: number; calmFlag: boolean; show: number; cannot: number }, HomeMode]>([
    ['status 2 wins over everything', { userCreditStatus: 2, calmFlag: true, show: 1, cannot: 1 }, 'PreAuditRejected'],
    ['status 2 without products', { userCreditStatus: 2, calmFlag: false, show: 0, cannot: 0 }, 'PreAuditRejected'],
    ['calm before review', { userCreditStatus: 0, calmFlag: true, show: 0, cannot: 2 }, 'CalmPeriod'],
    ['calm with status 1', { userCreditStatus: 1, calmFlag: true, show: 2, cannot: 0 }, 'CalmPeriod'],
    ['status 0 with products', { userCreditStatus: 0, calmFlag: false, show: 0, cannot: 3 }, 'PreAuditLoading'],
    ['status 0 without products', { userCreditStatus: 0, calmFlag: false, show: 0, cannot: 0 }, 'PreAuditLoading'],
    ['status 1 with applicable products', { userCreditStatus: 1, calmFlag: false, show: 2, cannot: 0 }, 'Normal'],
    ['status 1 with only locked products', { userCreditStatus: 1, calmFlag: false, show: 0, cannot: 1 }, 'Normal'],
    ['unknown status with products', { userCreditStatus: 3, calmFlag: false, show: 1, cannot: 0 }, 'NotFound'],
    ['status 1 without products', { userCreditStatus: 1, calmFlag: false, show: 0, cannot: 0 }, 'NoProducts'],
    ['unknown status without products', { userCreditStatus: 7, calmFlag: false, show: 0, cannot: 0 }, 'NoProducts'],
  ])('%s → %s', (_label, input, mode) => {
    const index = {
      userCreditStatus: input.userCreditStatus,
      calmFlag: input.calmFlag,
      showProducts: Array.from({ length: input.show }, () => card()),
      canNotApplyProducts: Array.from({ length: input.cannot }, () => card({ lock: true })),
    };
    expect(selectHomeMode(index)).toBe(mode);
  });
});

describe('isCardLocked (SPEC.md §4 product card)', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['ok card', {}, false],
    ['lock set', { lock: true }, true],
    ["sign '0'", { showConditionTypeSign: '0' }, false],
    ["sign '1' (add information, not locked)", { showConditionTypeSign: '1' }, false],
    ['sign 1 as a number', { showConditionTypeSign: 1 }, false],
    ["sign '2'", { showConditionTypeSign: '2' }, true],
    ["sign 'x'", { showConditionTypeSign: 'x' }, true],
    ['creditStatus 0', { creditStatus: 0 }, true],
    ['creditStatus 2', { creditStatus: 2 }, true],
    ['creditStatus 1', { creditStatus: 1 }, false],
  ])('%s → %s', (_label, change, locked) => {
    expect(isCardLocked(card(change as Partial<ProductCard>))).toBe(locked);
  });

  it("shows 'Go to add information' only for sign '1'", () => {
    expect(needsAdditionalInformation(card({ showConditionTypeSign: '1' }))).toBe(true);
    expect(needsAdditionalInformation(card({ showConditionTypeSign: '0' }))).toBe(false);
    expect(needsAdditionalInformation(card())).toBe(false);
  });
});

describe('applyAction (SPEC.md §4 apply)', () => {
  const android = { isIos: false, bankCardState: '30' };
  it.each<[string, Partial<ProductCard>, { isIos: boolean; bankCardState: string | null }, string]>([
    ['creditStatus 0 → pending popup', { creditStatus: 0 }, android, 'pending'],
    ['creditStatus 2 → failed popup', { creditStatus: 2, enableLoanStr: '22-12-2026' }, android, 'failed'],
    ['add information first', { showConditionTypeSign: '1' }, android, 'add-information'],
    ['no bank card (first loan) → account and contacts', {}, { isIos: false, bankCardState: '10' }, 'bind-card'],
    ['unknown bank state → account and contacts', {}, { isIos: false, bankCardState: null }, 'bind-card'],
    ['bank card done → product info', {}, android, 'product-info'],
    ['iOS download product → its URL', { jumpType: 1, downloadUrl: 'https://example.vn/app' }, { isIos: true, bankCardState: '30' }, 'download'],
    ['iOS store product → its URL', { jumpType: 2, downloadUrl: 'https://apps.apple.com/x' }, { isIos: true, bankCardState: '10' }, 'download'],
    ['iOS jumpType without URL applies', { jumpType: 1, downloadUrl: null }, { isIos: true, bankCardState: '30' }, 'product-info'],
    ['Android download product applies in the app', { jumpType: 1, downloadUrl: 'https://example.vn/app' }, android, 'product-info'],
  ])('%s', (_label, change, context, kind) => {
    expect(applyAction(card(change), context).kind).toBe(kind);
  });

  it('without a receiving account: add one, then back to this product (issue 25 item 8)', () => {
    expect(applyAction(card({ productId: 9, maxLoanAmount: 7_000_000 }), { isIos: false, bankCardState: '10' })).toEqual({ kind: 'bind-card', productId: 9, amount: 7_000_000 });
  });

  it('applies with the product id and its maximum amount, and keeps the failed date', () => {
    expect(applyAction(card({ productId: 9, maxLoanAmount: 7_000_000 }), android)).toEqual({ kind: 'product-info', productId: 9, amount: 7_000_000 });
    expect(applyAction(card({ creditStatus: 2, enableLoanStr: '22-12-2026', enableLoanDate: '2026-12-22' }), android)).toEqual({
      kind: 'failed',
      date: '2026-12-22',
      text: '22-12-2026',
    });
  });
});

describe('withdraw, new products, steps left', () => {
  it.each([
    [0, 1, true],
    [1_000_000, 0, true],
    [0, 0, true],
    [1_000_000, 1, false],
  ])('userCreditAmount %i, togetherLoanSign %i → disabled %s', (userCreditAmount, togetherLoanSign, disabled) => {
    expect(isWithdrawDisabled({ userCreditAmount, togetherLoanSign })).toBe(disabled);
  });

  it('lists products with newSign 1 from both lists', () => {
    expect(newProducts({ showProducts: [card({ newSign: 1, productId: 1 }), card()], canNotApplyProducts: [card({ newSign: 1, productId: 2 })] }).map((c) => c.productId)).toEqual([1, 2]);
  });

  it('counts the certification items left, BANK excluded', () => {
    expect(stepsLeft('ID,WORK,BANK,KYC,TELECOM', null, AUTH_ITEMS)).toEqual(['ID', 'WORK', 'KYC', 'TELECOM']);
    expect(stepsLeft('ID,WORK,BANK,KYC,TELECOM', { idState: '30', kycState: '30', workInfoState: '20' }, AUTH_ITEMS)).toEqual(['WORK', 'TELECOM']);
    expect(stepsLeft(null, null, AUTH_ITEMS)).toEqual([]);
  });
});

describe("congratulationAction (the popup's 'Borrow now'; issue 25 item 8)", () => {
  const withAccount = { isIos: false, bankCardState: '30' };
  it('a borrower with a receiving account goes to the first product they can borrow from, never to an empty account form', () => {
    const index = { showProducts: [card({ productId: 4, lock: true }), card({ productId: 5, maxLoanAmount: 3_000_000 })] };
    expect(congratulationAction(index, withAccount)).toEqual({ kind: 'product-info', productId: 5, amount: 3_000_000 });
  });

  it('one without an account adds it first and comes back to that product; with no product, the account form', () => {
    expect(congratulationAction({ showProducts: [card({ productId: 5, maxLoanAmount: 3_000_000 })] }, { isIos: false, bankCardState: '10' })).toEqual({ kind: 'bind-card', productId: 5, amount: 3_000_000 });
    expect(congratulationAction({ showProducts: [] }, withAccount)).toEqual({ kind: 'account-and-contacts' });
  });
});
