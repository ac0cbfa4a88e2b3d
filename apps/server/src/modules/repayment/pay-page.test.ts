import { describe, expect, it } from 'vitest';
import { renderPayPage, type PayPageView } from './pay-page.ts';

/* Once every loan of a request is settled the page hides the QR and the amount (issue 25 item 8);
 * the line on how long "this amount" stands went on showing under it, about an amount no longer
 * shown. */
const view = (orderStatus: number): PayPageView => ({
  lang: 'en',
  nonce: 'n0nce',
  token: 'abcdefghijklmnopqrstuvwxyz012345',
  status: { status: orderStatus === 40 ? 'paid' : 'open', amount: 5_056_250, paidAmount: orderStatus === 40 ? 5_056_250 : 0, paidAt: null, transferContent: 'SENMZM2SLPUO', orders: [{ orderNo: 'SEN26112737051800', orderStatus, statusLabel: orderStatus === 40 ? 'Settled' : 'Pending repayment', outstandingAmount: orderStatus === 40 ? 0 : 5_056_250 }] },
  expiresAt: new Date('2026-11-27T02:59:00.000Z'),
  transfer: { bankName: 'MB Bank', accountNumber: '0000123456789', accountName: 'CONG TY SEN', transferContent: 'SENMZM2SLPUO', amount: 5_056_250 },
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  devPayNow: false,
});

describe('the pay page once the loan is settled', () => {
  it('shows how long the amount stands while there is something to transfer', () => {
    expect(renderPayPage(view(30))).toMatch(/<p class="hint" id="expiry">This amount is valid until 09:59 27\/11\/2026/);
  });

  it('hides it with the amount once every loan is settled, on the first render and as the page polls', () => {
    const html = renderPayPage(view(40));
    expect(html).toMatch(/<p class="hint" id="expiry" hidden>/);
    expect(html).toContain("document.querySelectorAll('.transfer, #expiry')");
  });
});

describe('the pay page writes money as the app does (issue 25 item 5)', () => {
  it('groups by the language and puts ₫ after the amount, in the page and in its script', () => {
    const html = renderPayPage(view(30));
    expect(html).toContain('5,056,250\u00a0₫');
    expect(html).not.toMatch(/\d VND/);
    expect(renderPayPage({ ...view(30), lang: 'vn' })).toContain('5.056.250\u00a0₫');
  });
});
