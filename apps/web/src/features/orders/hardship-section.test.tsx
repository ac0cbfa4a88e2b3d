import { API_PATHS, BORROWER_ERRORS, type HardshipView, type RestructureOfferView } from '@sen/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { HardshipSection } from './hardship-section.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/* The order page's hardship section (decision 117): the request for help with its rules and
 * messages, the approved offer's new schedule with full cost and APR, accepted with the SMS code. */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };

const base: HardshipView = { orderId: 9, canAsk: true, request: null, offer: null, restructured: null };

const offer: RestructureOfferView = {
  id: 41,
  planNums: 2,
  periodDays: 30,
  waiveOverdueFee: 12_000,
  waiveInterest: 0,
  expiresAt: '2026-12-03T03:00:00.000Z',
  signingCode: 'required',
  plan: {
    date: '2026-11-26',
    planNums: 2,
    periodDays: 30,
    closed: { principal: 3_000_000, interest: 36_000, fee: 45_000, overdueFee: 12_000 },
    waived: { principal: 0, interest: 0, fee: 0, overdueFee: 12_000 },
    carried: { principal: 3_000_000, interest: 36_000, fee: 45_000, overdueFee: 0 },
    instalments: [
      { planPart: 4, dueDate: '2026-12-26', principal: 1_500_000, interest: 54_000, fee: 22_500, overdueFee: 0, total: 1_576_500 },
      { planPart: 5, dueDate: '2027-01-25', principal: 1_500_000, interest: 36_000, fee: 22_500, overdueFee: 0, total: 1_558_500 },
    ],
    newInterest: 54_000,
    totalRepayable: 3_135_000,
    costOfCredit: 135_000,
    aprPercent: 14.32,
    firstDueDate: '2026-12-26',
    finalDueDate: '2027-01-25',
  },
};

function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    for (const [prefix, respond] of Object.entries(routes)) if (path.startsWith(prefix)) return respond();
    return envelope(null);
  });
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
}

describe('asking for help', { timeout: 20_000 }, () => {
  it('checks the reason and the amount with clear messages, then sends them and shows the request', async () => {
    const sent: HardshipView = { ...base, canAsk: false, request: { id: 3, orderId: 9, reason: 'income_loss', note: 'Mất việc', monthlyAmount: 700_000, state: 'open', createdAt: '2026-11-26T03:00:00.000Z' } };
    // The exact path first: the section's own read must not match the request's longer path.
    answer({ [API_PATHS.hardshipRequest]: () => envelope(sent), [API_PATHS.hardship]: () => envelope(base) });
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    fireEvent.click(await screen.findByTestId('hardship-ask', {}, SLOW));
    fireEvent.click(screen.getByTestId('hardship-submit'));
    expect(await screen.findByText('Please choose a reason')).toBeInTheDocument();
    expect(screen.getByText('Please enter how much you can pay each month')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('What you can pay each month'), { target: { value: '1000' } });
    expect(await screen.findByText('Please enter an amount from 50,000 ₫ to 100,000,000 ₫')).toBeInTheDocument();
    // Digits only: what is not a digit never reaches the field; the digits show grouped as typed
    // (the request still sends the number, below).
    fireEvent.change(screen.getByLabelText('What you can pay each month'), { target: { value: '700.000 đ' } });
    expect(screen.getByLabelText('What you can pay each month')).toHaveValue('700,000');

    // The sheet opens on the first reason; antd-mobile hands the wheel's choice over on a 0 ms timer.
    fireEvent.click(screen.getByTestId('hardship-reason'));
    const sheet = (await screen.findByText('Confirm')).closest('.adm-picker') as HTMLElement;
    await waitFor(() => expect(within(sheet).getByText('Lost my job or income').closest('.adm-picker-view-column-item')).toHaveAttribute('data-selected', 'true'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    fireEvent.click(within(sheet).getByText('Confirm'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reason Lost my job or income' })).toBeInTheDocument());
    // The situation is free text of up to 500 characters: several lines, the count under them.
    const situation = screen.getByLabelText('Your situation (optional)');
    expect(situation.tagName).toBe('TEXTAREA');
    fireEvent.change(situation, { target: { value: 'Mất việc' } });
    expect(screen.getByText('8/500')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('hardship-submit'));
    expect(await screen.findByTestId('hardship-pending', {}, SLOW)).toHaveTextContent('700,000 ₫');
    expect(requestBody(fetchMock, API_PATHS.hardshipRequest)).toMatchObject({ orderId: 9, reason: 'income_loss', note: 'Mất việc', monthlyAmount: 700_000 });
  });

  it('says what is wrong in Vietnamese and Chinese too', async () => {
    answer({ [API_PATHS.hardship]: () => envelope(base) });
    await changeLanguage('vn');
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    fireEvent.click(await screen.findByTestId('hardship-ask', {}, SLOW));
    fireEvent.change(screen.getByLabelText('Số tiền bạn có thể trả mỗi tháng'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('hardship-submit'));
    expect(await screen.findByText('Vui lòng nhập số tiền từ 50.000 ₫ đến 100.000.000 ₫')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng chọn lý do')).toBeInTheDocument();
    await changeLanguage('zh');
    expect(await screen.findByText('请输入 50,000 ₫ 至 100,000,000 ₫ 之间的金额')).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('shows nothing to ask when the loan may not ask (not due soon)', async () => {
    answer({ [API_PATHS.hardship]: () => envelope({ ...base, canAsk: false }) });
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('hardship-ask')).toBeNull();
  });
});

describe('reviewing an offer', { timeout: 20_000 }, () => {
  it('shows the new schedule with its full cost and APR, and accepts it signed with the SMS code', async () => {
    const done: HardshipView = { ...base, canAsk: false, restructured: { on: '2026-11-26', watchUntil: '2027-02-24' } };
    let code = '1111';
    answer({
      [API_PATHS.hardship]: () => envelope({ ...base, canAsk: false, offer }),
      [API_PATHS.restructureSignCode]: () => envelope({ resendAfterSeconds: 60, expiresInSeconds: 300, phoneMasked: '091****678' }),
      [API_PATHS.restructureAccept]: () => (code === '1234' ? envelope(done) : envelope(null, { code: BORROWER_ERRORS.OTP_INCORRECT.code, message: 'Incorrect code', status: 400 })),
    });
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    const section = await screen.findByTestId('restructure-offer', {}, SLOW);
    const rows = within(screen.getByTestId('restructure-plan')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('1,576,500 ₫');
    expect(screen.getByTestId('restructure-total')).toHaveTextContent('3,135,000 ₫');
    expect(screen.getByTestId('restructure-apr')).toHaveTextContent('14.32% a year');
    expect(screen.getByTestId('restructure-waived')).toHaveTextContent('12,000 ₫');
    expect(section).toHaveTextContent('2 instalments, one every 30 days');

    fireEvent.click(screen.getByTestId('restructure-accept'));
    const step = await screen.findByTestId('signing-code-step', {}, SLOW);
    // The code accepts the new plan: not the loan application's 'Sign and borrow'.
    expect(step).toHaveTextContent('We sent a 4-digit code to 091****678. Entering it accepts the new repayment plan.');
    expect(screen.getByTestId('signing-code-confirm')).toHaveTextContent('Sign and accept the new plan');
    expect(step).not.toHaveTextContent('borrow');
    expect(requestBody(fetchMock, API_PATHS.restructureSignCode)).toMatchObject({ offerId: 41 });
    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: code } });
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    expect(await screen.findByText('That code is not right. Check the SMS and try again.', {}, SLOW)).toBeInTheDocument();

    code = '1234';
    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: code } });
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    expect(await screen.findByTestId('order-restructured', {}, SLOW)).toHaveTextContent('New loans are available after');
    const accepted = fetchMock.mock.calls.filter(([url]) => String(url).startsWith(API_PATHS.restructureAccept)).at(-1)!;
    expect(JSON.parse(String(accepted[1]!.body))).toMatchObject({ offerId: 41, totalRepayable: 3_135_000, signCode: '1234' });
  });

  it('opens the code step when a code was sent moments ago (the borrower went Back and returned): that code still signs', async () => {
    const done: HardshipView = { ...base, canAsk: false, restructured: { on: '2026-11-26', watchUntil: '2027-02-24' } };
    answer({
      [API_PATHS.hardship]: () => envelope({ ...base, canAsk: false, offer }),
      [API_PATHS.restructureSignCode]: () => envelope({ retryAfterSeconds: 42 }, { code: BORROWER_ERRORS.OTP_TOO_SOON.code, message: 'Please wait 42s before getting a new OTP', status: 429 }),
      [API_PATHS.restructureAccept]: () => envelope(done),
    });
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    fireEvent.click(await screen.findByTestId('restructure-accept', {}, SLOW));
    const step = await screen.findByTestId('signing-code-step', {}, SLOW);
    expect(within(step).getByTestId('signing-code-sent')).toHaveTextContent('a moment ago');
    // The wait before another code is the server's, not a fresh 60 s.
    await waitFor(() => expect(within(step).getByTestId('signing-code-resend')).toHaveTextContent(/Send again in 4[12]s/));
    fireEvent.change(screen.getByLabelText('Signing code'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('signing-code-confirm'));
    expect(await screen.findByTestId('order-restructured', {}, SLOW)).toBeInTheDocument();
    expect(requestBody(fetchMock, API_PATHS.restructureAccept)).toMatchObject({ offerId: 41, signCode: '4321' });
  });

  it('declines, and the loan stays as it was', async () => {
    answer({
      [API_PATHS.restructureDecline]: () => envelope({ ...base, canAsk: true }),
      [API_PATHS.hardship]: () => envelope({ ...base, canAsk: false, offer }),
    });
    renderWithQuery(<HardshipSection orderId={9} enabled />);
    fireEvent.click(await screen.findByTestId('restructure-decline', {}, SLOW));
    expect(await screen.findByTestId('hardship-ask', {}, SLOW)).toBeInTheDocument();
    expect(requestBody(fetchMock, API_PATHS.restructureDecline)).toMatchObject({ offerId: 41 });
  });
});
