import { API_PATHS, type InstallmentPlan, type ProductInfoDetail } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { authKeys } from '../auth/index.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { homeIndex } from '../../test/home-fixtures.ts';
import { renderWithQuery } from '../../test/render.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* The loan application against the server's answers faked at fetch: the cost shown is the quote's,
 * nothing is sent before the agreements are accepted, the commit carries its key and figures. */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };

const plan = (planNums: number, change: Partial<InstallmentPlan> = {}): InstallmentPlan => ({
  productId: 2,
  planNums,
  isDefault: planNums === 1 ? 1 : 0,
  defaultSign: planNums === 1 ? 1 : 0,
  firstRepayment: planNums === 1 ? 3_108_000 : 1_036_000,
  appRepaymentPlanDTOList: Array.from({ length: planNums }, (_, index) => ({
    planPart: index + 1,
    repayTime: `2027-0${index + 1}-15 00:00:00`,
    totalRepayment: planNums === 1 ? 3_108_000 : 1_036_000,
    repayActualAmount: 3_000_000 / planNums,
    repayInterestAmount: 108_000 / planNums,
    repayAfterHandleAmount: 0,
    dueDate: `2027-0${index + 1}-15`,
  })),
  totalRepayment: 3_108_000,
  interestAmount: 108_000,
  serviceAmount: 45_000,
  actualAmount: 2_955_000,
  costOfCredit: 153_000,
  aprPercent: 21.37,
  finalDueDate: '2027-03-15',
  ...change,
});

const detail: ProductInfoDetail = {
  productId: 2,
  productName: 'Sen Linh Hoạt',
  productImageUrl: '',
  maxLoanAmount: 10_000_000,
  minLoanAmount: 2_000_000,
  timeLimit: 90,
  interestRate: 0.04,
  tagList: [],
  newSign: 0,
  loanAmountRange: '2,000,000 - 10,000,000',
  currency: 'VND',
  currencySymbol: '₫',
  creditStatus: 1,
  enableLoanStr: '',
  jumpType: 0,
  downloadUrl: null,
  showConditionTypeSign: null,
  bankErrorFlag: false,
  lock: false,
  quotaUsedUp: false,
  enableLoanDate: null,
  planNums: [1, 3],
  serviceFeePpm: 15_000,
  overdueDailyRatePpm: 600,
  lockReason: null,
  id: 2,
  loanAmount: 3_000_000,
  loanTermConfigDTOList: [
    {
      id: 2,
      timeLimit: 90,
      defaultSign: 1,
      isDefault: 1,
      actualAmount: 2_955_000,
      interestRate: 0.04,
      interestAmount: 108_000,
      repayTimeStr: '15-03-2027',
      installmentServiceFee: 0,
      serviceAmount: 45_000,
      currencySymbol: '₫',
      appProductHandleFeeConfigDtos: [],
      productInstallmentPlanDTOList: [plan(1), plan(3, { totalRepayment: 3_090_000, aprPercent: 23.5 })],
    },
  ],
  actualAmount: 2_955_000,
  interestAmount: 108_000,
  repayTimeStr: '15-03-2027',
  installmentServiceFee: 0,
  serviceAmount: 45_000,
  appProductHandleFeeConfigDtos: [],
  bankInfoId: 7,
  bankNo: '*********4567',
  userCashWalletId: null,
  walletAccount: null,
  bankInfoPayOutFailSign: false,
  isSign: 1,
  isNew: 1,
  defaultLoanTermId: 2,
  defaultPlanNums: 1,
  totalRepayment: 3_108_000,
  aprPercent: 21.37,
  agreements: [
    { document: 'lease', version: 'lease-2026-11-24', url: 'http://x/agreement/leaseAgreement.html' },
    { document: 'pawn', version: 'pawn-2026-11-24', url: 'http://x/agreement/pawnAgreement.html' },
  ],
  userCreditAmount: 10_000_000,
};

const codeSent = () => envelope({ resendAfterSeconds: 60, expiresInSeconds: 300, phoneMasked: '091****678' });

/** A receiving account as bank/myCard answers it. */
const bankCard = (id: number, bankName: string, isDefault: 0 | 1) => ({
  id,
  userId: 7,
  appId: 1,
  countryId: 84,
  bankCode: bankName.slice(0, 3).toUpperCase(),
  bankName,
  bankNo: `*********456${id}`,
  cardNo: '',
  accountUser: 'NGUYEN VAN AN',
  bankPhone: '',
  isDefault,
  status: 1,
  loanState: 0,
  payOutFailSign: false,
  bindTime: '2026-11-22 10:00:00',
  createTime: '2026-11-22 10:00:00',
  updateTime: '2026-11-22 10:00:00',
  payWay: 'CARD',
  bin: '970436',
  logoUrl: '',
});

/** The application page at `entry` for a certified borrower, the server answering by `answer` (path → response; null: not ours). */
function renderApplication(entry: string, answer: (path: string) => Response | null) {
  fetchMock.mockImplementation(async (url) => answer(String(url)) ?? envelope(null));
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' },
      authConfig: 'KYC,ID',
    }),
  );
  return router;
}

function render(commit: () => Response, signCode: () => Response = codeSent) {
  return renderApplication('/product/info?productId=2&amount=3000000', (path) => {
    if (path.startsWith(API_PATHS.productInfoDetail)) return envelope(detail);
    if (path.startsWith(API_PATHS.bankMyCard)) return envelope([bankCard(1, 'Vietcombank', 1), bankCard(2, 'Techcombank', 0)]);
    if (path.startsWith(API_PATHS.cashWalletListMy)) return envelope([]);
    if (path.startsWith(API_PATHS.orderSignCode)) return signCode();
    if (path.startsWith(API_PATHS.orderCommit)) return commit();
    return null;
  });
}

const committed = { orderId: 9, orderNo: 'SEN26112400000001', productId: 2, productName: 'Sen Linh Hoạt', loanAmount: 3_000_000, orderStatus: 10, statusName: 'Pending', statusLabel: 'Pending', currencySymbol: '₫' };
const commitCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(API_PATHS.orderCommit));

/** Ticks the agreements, taps "Sign and borrow" (the code is sent) and types `code` into the code step. */
async function signWith(code: string) {
  fireEvent.click(await screen.findByTestId('agree-checkbox', {}, SLOW));
  await waitFor(() => expect(screen.getByTestId('submit-loan')).not.toBeDisabled());
  fireEvent.click(screen.getByTestId('submit-loan'));
  const input = await screen.findByLabelText('Signing code', {}, SLOW);
  fireEvent.change(input, { target: { value: code } });
}

describe('/product/info', { timeout: 20_000 }, () => {
  it('shows the quote’s full cost with the APR, and the plan chosen changes it', async () => {
    render(() => envelope(null));
    expect(await screen.findByTestId('cost-apr', {}, SLOW)).toHaveTextContent('21.37% a year');
    expect(screen.getByTestId('cost-received')).toHaveTextContent('2,955,000');
    expect(screen.getByTestId('cost-total')).toHaveTextContent('3,108,000');
    fireEvent.click(screen.getByTestId('plan-3'));
    expect(screen.getByTestId('cost-apr')).toHaveTextContent('23.50% a year');
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('changes the receiving account in place: the application stays, with its plan (issue 25 item 8)', async () => {
    const router = render(() => envelope(null));
    fireEvent.click(await screen.findByTestId('plan-3', {}, SLOW));
    fireEvent.click(screen.getByTestId('change-account'));
    fireEvent.click(await screen.findByTestId('choose-account-2', {}, SLOW));
    await waitFor(() => expect(requestBody(fetchMock, API_PATHS.bankSetDefault)).toMatchObject({ bankInfoId: '2' }));
    await waitFor(() => expect(screen.queryByTestId('account-sheet')).toBeNull());
    expect(router.state.location.pathname).toBe('/product/info');
    expect(screen.getByTestId('plan-3')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByTestId('exit-confirm')).toBeNull();
  });

  it('sends nothing before the agreements are accepted, then sends the code for this application, and commits signed with it', async () => {
    const router = render(() => envelope(committed));
    const submit = await screen.findByTestId('submit-loan', {}, SLOW);
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Sign and borrow');
    await signWith('12');
    // The code is the application's own: its product, amount and plan.
    const sent = fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.orderSignCode))!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({ productIds: '2', amount: 3_000_000, planNums: 1 });
    expect(screen.getByTestId('signing-code-sent')).toHaveTextContent('091****678');
    // Nothing is committed before the 4 digits are in.
    expect(screen.getByTestId('signing-code-confirm')).toBeDisabled();
    expect(commitCalls()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: '12a34' } });
    expect(screen.getByLabelText('Signing code')).toHaveValue('1234');
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/succeed'), SLOW);
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.orderCommit))!;
    const form = call[1]!.body as FormData;
    expect(form.get('productId')).toBe('2');
    expect(form.get('amount')).toBe('3000000');
    expect(form.get('planNums')).toBe('1');
    expect(form.get('bankInfoId')).toBe('7');
    expect(form.get('agreementVersion')).toBe('lease-2026-11-24');
    expect(String(form.get('auditKey'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.get('signCode')).toBe('1234');
    expect(await screen.findByTestId('succeed-order', {}, SLOW)).toHaveTextContent('SEN26112400000001');
  });

  it('shows the server’s reason on the failed page', async () => {
    const router = render(() => envelope(null, { code: 2704, message: 'Sorry, you are currently unable to apply for loanproducts, please check if you are eligible', status: 400 }));
    await signWith('1234');
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/failed'), SLOW);
    // The router's state moves before React commits the lazy result page (a transition): wait for the page.
    expect(await screen.findByTestId('failed-reason', {}, SLOW)).toHaveTextContent('unable to apply');
  });

  it('keeps the borrower on the code step with the reason when the code is wrong or expired, then signs with a new one', async () => {
    const answers = [
      envelope(null, { code: 2001, message: 'Incorrect OTP', status: 400 }),
      envelope(null, { code: 2002, message: 'OTP has expired', status: 400 }),
      envelope(committed),
    ];
    const router = render(() => answers.shift()!);
    await signWith('1111');
    // The resend waits out its countdown (a 44 px button, labelled with the seconds left).
    expect(screen.getByTestId('signing-code-resend')).toBeDisabled();
    expect(screen.getByTestId('signing-code-resend')).toHaveTextContent(/Send again in \d+s/);
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('That code is not right');
    expect(router.state.location.pathname).toBe('/product/info');
    expect(screen.getByLabelText('Signing code')).toHaveValue('');
    expect(screen.getByLabelText('Signing code')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: '2222' } });
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This code has expired'), SLOW);

    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: '3333' } });
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/succeed'), SLOW);
    // One key for the application: every try was the same commit.
    const keys = new Set(commitCalls().map(([, init]) => (init!.body as FormData).get('auditKey')));
    expect(keys.size).toBe(1);
    expect(commitCalls().map(([, init]) => (init!.body as FormData).get('signCode'))).toEqual(['1111', '2222', '3333']);
  });

  it('asks for a new code when the amount changes after one was sent (a code signs one application)', async () => {
    render(() => envelope(committed));
    await signWith('1234');
    expect(screen.getByTestId('signing-code-step')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('plan-3'));
    await waitFor(() => expect(screen.queryByTestId('signing-code-step')).toBeNull());
    expect(screen.getByTestId('submit-loan')).toBeInTheDocument();
  });
});

describe('/product/info?mode=batch (withdraw)', { timeout: 20_000 }, () => {
  const quick: ProductInfoDetail = {
    ...detail,
    productId: 1,
    id: 1,
    productName: 'Sen Nhanh',
    timeLimit: 30,
    planNums: [1],
    loanAmount: 2_000_000,
    loanTermConfigDTOList: [{ ...detail.loanTermConfigDTOList[0]!, productInstallmentPlanDTOList: [plan(1, { productId: 1, totalRepayment: 2_050_000 })] }],
  };
  const page = { ...homeIndex({}), showProducts: [detail, quick], canApplyAmount: 5_000_000, allAmount: 5_000_000, minApplyAmount: 5_000_000, maxApplyAmount: 5_000_000 };

  function renderBatch() {
    return renderApplication('/product/info?mode=batch', (path) => {
      if (path.startsWith(API_PATHS.loanPage)) return envelope(page);
      if (path.startsWith(API_PATHS.orderSignCode)) return codeSent();
      if (path.startsWith(API_PATHS.orderCommitAll)) return envelope([{ productId: 2, productName: 'Sen Linh Hoạt', loanAmount: 3_000_000, pushStatus: 200, pushMessage: '', orderId: 9, orderNo: 'SEN1', orderStatus: 10, currency: 'VND', currencySymbol: '₫' }]);
      return null;
    });
  }

  it('offers the instalment plans of a product that has them, as the product page does, and borrows with the plan chosen', async () => {
    const router = renderBatch();
    const summary = await screen.findByTestId('batch-summary', {}, SLOW);
    expect(summary).toHaveTextContent('90 days · One payment at the end');
    // Sen Linh Hoạt offers 1 or 3 instalments; Sen Nhanh one plan only: no choice for it.
    expect(screen.getByTestId('plan-2-3')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-1-1')).toBeNull();
    fireEvent.click(screen.getByTestId('plan-2-3'));
    await waitFor(() => expect(screen.getByTestId('plan-2-3')).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByTestId('batch-summary')).toHaveTextContent('90 days · 3 instalments');
    expect(screen.getByTestId('batch-summary')).toHaveTextContent('3,090,000 ₫');
    await signWith('1234');
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/succeed'), SLOW);
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.orderCommitAll))!;
    const form = call[1]!.body as FormData;
    expect(JSON.parse(String(form.get('productInstallmentMap')))).toEqual({ 1: 1, 2: 3 });
    // The code was asked for exactly these plans: the server binds it to them (decision 112).
    const codeCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.orderSignCode))!;
    expect(JSON.parse(String(JSON.parse(String(codeCall[1]!.body)).productInstallmentMap))).toEqual({ 1: 1, 2: 3 });
  });
});
