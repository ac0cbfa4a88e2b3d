import { API_PATHS, BORROWER_ERRORS, STORAGE_KEYS, transformPassword } from '@sen/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { queryClient } from '../../shared/query/query-client.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, requestBody, setupApiTest } from '../../test/api-test.ts';
import { cachedAuthStatus, hasAuthOf } from './auth-status.ts';
import { LoginPage } from './login-page.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/toast.ts', () => ({ showToast: toast }));

const fetchMock = setupApiTest();

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login/create-password', element: <h1>Create password page</h1> },
      { path: '/login/privacy-policy', element: <h1>Policy page</h1> },
      { path: '/login/forgot-password', element: <h1>Reset page</h1> },
    ],
    { initialEntries: ['/', '/login'], initialIndex: 1 },
  );
  setNavigator((to, options) => void router.navigate(to, options));
  render(<RouterProvider router={router} />);
  return router;
}

const phoneInput = () => screen.getByLabelText('Phone number');
const getButton = () => screen.getByTestId('get-otp-button');
const submit = () => fireEvent.click(screen.getByTestId('login-button'));
const bodyOf = (url: string) => requestBody(fetchMock, url);

beforeEach(() => toast.mockReset());
afterEach(() => vi.useRealTimers());

describe('login form validation', () => {
  it('shows the phone and OTP messages on an empty OTP login', async () => {
    renderLogin();
    submit();
    expect(await screen.findByText('Please check Phone Number')).toBeInTheDocument();
    expect(screen.getByText('Please check OTP')).toBeInTheDocument();
    expect(phoneInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the format messages for a bad phone and OTP', async () => {
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '01234' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '12' } });
    submit();
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(screen.getByText('Invalid OTP format')).toBeInTheDocument();
  });

  it('validates the password field on the password tab, in the chosen language', async () => {
    await changeLanguage('vn');
    renderLogin();
    fireEvent.click(screen.getByTestId('login-tab-password'));
    fireEvent.change(screen.getByLabelText('Số điện thoại'), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'abc' } });
    submit();
    expect(await screen.findByText('Mật khẩu phải dài 3-20 ký tự, gồm cả chữ và số')).toBeInTheDocument();
    expect(screen.queryByTestId('otp-input')).not.toBeInTheDocument();
  });

  it('the phone and field inputs have the right types and test ids', () => {
    renderLogin();
    expect(screen.getByTestId('phone-input')).toHaveAttribute('type', 'tel');
    expect(screen.getByTestId('phone-input')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByTestId('otp-input')).toBe(screen.getByLabelText('OTP'));
    fireEvent.click(screen.getByTestId('login-tab-password'));
    expect(screen.getByTestId('password-input')).toHaveAttribute('type', 'password');
  });

  it('Forgotten password? leads to the password reset', async () => {
    renderLogin();
    fireEvent.click(screen.getByTestId('login-tab-password'));
    fireEvent.click(screen.getByTestId('forgot-password'));
    expect(await screen.findByText('Reset page')).toBeInTheDocument();
  });
});

describe('the hero while the keyboard is open', () => {
  it('shrinks once a field takes focus and stays small when a button is then pressed; a button alone leaves it as it is', () => {
    renderLogin();
    const page = () => document.querySelector('.login-page')!;
    fireEvent.focus(screen.getByTestId('login-button'));
    fireEvent.click(screen.getByTestId('login-tab-password'));
    expect(page()).not.toHaveClass('login-page--compact');
    fireEvent.focus(phoneInput());
    expect(page()).toHaveClass('login-page--compact');
    fireEvent.blur(phoneInput());
    fireEvent.focus(screen.getByTestId('login-button'));
    expect(page()).toHaveClass('login-page--compact');
  });
});

describe('GET OTP button', () => {
  it('is disabled while the phone is empty or invalid', () => {
    renderLogin();
    expect(getButton()).toBeDisabled();
    fireEvent.change(phoneInput(), { target: { value: '0912' } });
    expect(getButton()).toBeDisabled();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    expect(getButton()).toBeEnabled();
    fireEvent.change(phoneInput(), { target: { value: '912345678' } });
    expect(getButton()).toBeEnabled();
  });

  it('sends the OTP, counts down 60 s while disabled, then enables again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(envelope(true));
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.click(getButton());
    await waitFor(() => expect(getButton()).toHaveTextContent('60s'));
    expect(bodyOf(API_PATHS.loginSms)).toMatchObject({ phone: '0912345678' });
    expect(getButton()).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(getButton()).toHaveTextContent('59s');
    for (let second = 0; second < 59; second += 1) await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(getButton()).toHaveTextContent('GET');
    expect(getButton()).toBeEnabled();
  });

  it('uses retryAfterSeconds when the server says it is too soon', async () => {
    fetchMock.mockResolvedValue(
      envelope({ retryAfterSeconds: 42 }, { code: BORROWER_ERRORS.OTP_TOO_SOON.code, message: 'Please wait 42s before getting a new OTP', status: 429 }),
    );
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.click(getButton());
    await waitFor(() => expect(getButton()).toHaveTextContent('42s'));
    expect(toast).toHaveBeenCalledWith('Please wait 42s before getting a new OTP');
  });
});

describe('login submit', () => {
  it('OTP login stores the session, saves the device, clears the cache and asks for a password (passwdSign 0)', async () => {
    localStorage.setItem(STORAGE_KEYS.cache, '{"x":1}');
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === API_PATHS.login) return envelope({ token: 'tok', id: 1, phone: '0912345678', passwdSign: 0, appId: 1, channelId: 1, activityUrl: null });
      return envelope(null);
    });
    const router = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '1234' } });
    submit();
    expect(await screen.findByText('Create password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/create-password');
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', user: { id: 1, phone: '0912345678' } });
    expect(bodyOf(API_PATHS.login)).toMatchObject({ phone: '0912345678', smsCode: '1234' });
    expect(bodyOf(API_PATHS.equipmentSave)).toMatchObject({ appVersion: '1.0.0', mobileType: 2, phoneMark: localStorage.getItem(STORAGE_KEYS.deviceId) });
    expect(localStorage.getItem(STORAGE_KEYS.cache)).toBeNull();
  });

  it('forgets every answer cached for the borrower who used this phone before (orders, accounts, messages)', async () => {
    queryClient.setQueryData(['orders', 'list'], [{ orderNo: 'SEN-PREVIOUS-BORROWER' }]);
    queryClient.setQueryData(['accounts', 'list'], [{ bankNo: '0123456789' }]);
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === API_PATHS.login) return envelope({ token: 'tok2', id: 2, phone: '0987654321', passwdSign: 0, appId: 1, channelId: 1, activityUrl: null });
      return envelope(null);
    });
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0987654321' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '1234' } });
    submit();
    expect(await screen.findByText('Create password page')).toBeInTheDocument();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('records an iPhone as regClient IOS with mobileType 1, in the login and the device record', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iphone);
    fetchMock.mockImplementation(async (url) =>
      String(url) === API_PATHS.login ? envelope({ token: 'tok', id: 1, phone: '0912345678', passwdSign: 0, appId: 1, channelId: 1, activityUrl: null }) : envelope(null),
    );
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '1234' } });
    submit();
    expect(await screen.findByText('Create password page')).toBeInTheDocument();
    expect(bodyOf(API_PATHS.login)).toMatchObject({ regClient: 'IOS', mobileType: 1 });
    expect(bodyOf(API_PATHS.equipmentSave)).toMatchObject({ regClient: 'IOS', mobileType: 1, phoneBrand: 'Apple', phoneModel: 'iPhone' });
    userAgent.mockRestore();
  });

  it('password login sends the transformed password, loads the auth status and goes home', async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path === API_PATHS.login) return envelope({ token: 'tok', id: 1, phone: '0912345678', passwdSign: 1, appId: 1, channelId: 1, activityUrl: null });
      if (path.startsWith(API_PATHS.authConfig)) return envelope({ authConfig: 'ID,WORK,BANK' });
      if (path.startsWith(API_PATHS.authDetail))
        return envelope({ idState: '30', workInfoState: '30', bankCardState: '10', kycState: '10', telecomPermissionState: '10', userAuthState: '10' });
      if (path.startsWith(API_PATHS.equipmentSave)) return new Response('', { status: 500 });
      return envelope(null);
    });
    renderLogin();
    fireEvent.click(screen.getByTestId('login-tab-password'));
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc123' } });
    submit();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(bodyOf(API_PATHS.login)).toMatchObject({ passwd: transformPassword('abc123') });
    expect(bodyOf(API_PATHS.login)?.passwd).not.toBe('abc123');
    expect(cachedAuthStatus()).toMatchObject({ authConfig: 'ID,WORK,BANK' });
    expect(hasAuthOf(cachedAuthStatus())).toBe(true);
    // A failed device save neither blocks nor shows an error.
    expect(toast).not.toHaveBeenCalled();
  });

  it('a wrong code marks the code field with the server message and clears it, with no toast', async () => {
    fetchMock.mockResolvedValue(envelope(null, { code: BORROWER_ERRORS.OTP_INCORRECT.code, message: 'Incorrect OTP, please try again', status: 400 }));
    const router = renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '1234' } });
    submit();
    expect(await screen.findByText('Incorrect OTP, please try again')).toBeInTheDocument();
    const otp = screen.getByLabelText('OTP');
    expect(otp).toHaveValue('');
    expect(otp).toHaveAttribute('aria-invalid', 'true');
    expect(toast).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('a wrong password marks the password field', async () => {
    fetchMock.mockResolvedValue(envelope(null, { code: BORROWER_ERRORS.LOGIN_FAILED.code, message: 'Incorrect phone number or password', status: 400 }));
    renderLogin();
    fireEvent.click(screen.getByTestId('login-tab-password'));
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc123' } });
    submit();
    expect(await screen.findByText('Incorrect phone number or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(toast).not.toHaveBeenCalled();
  });

  it('an error with no field (too many requests) is a toast', async () => {
    fetchMock.mockResolvedValue(envelope(null, { code: BORROWER_ERRORS.TOO_MANY_REQUESTS.code, message: 'Too many requests', status: 429 }));
    renderLogin();
    fireEvent.change(phoneInput(), { target: { value: '0912345678' } });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '1234' } });
    submit();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Too many requests'));
  });

  it('links to the privacy policy and Back replaces history with /', async () => {
    const router = renderLogin();
    expect(screen.getByText('Privacy Policy')).toHaveAttribute('href', '/login/privacy-policy');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
