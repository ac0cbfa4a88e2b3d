import { API_PATHS } from '@sen/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { authKeys } from '../auth/index.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { setNavigator } from '../../shared/navigation/navigation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { envelopeResponse as envelope, setupApiTest } from '../../test/api-test.ts';
import { renderWithQuery } from '../../test/render.tsx';

vi.mock('../../shared/ui/toast.ts', () => ({ showToast: vi.fn() }));

/*
 * The additional information (issue 25): the e-mail was asked on the personal-data page and is not
 * asked again (only when none is stored); Facebook UID is SPEC.md §3's 'Other', optional; the
 * company stays required.
 */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };
const item = (state: number, info: string) => ({ state, info, id: state });
const ENUMS = { relatives: [], otherRelatives: [], salaryRange: [], jobnature: [], staffSize: [], industry: [item(7, 'Information technology'), item(19, 'Not working or other')] };
const NULLS = Object.fromEntries(
  ['industryStr', 'salaryRange', 'jobNature', 'jobNatureStr', 'staffSize', 'purpose', 'relatives', 'relativesStr', 'relativesName', 'relativesMobile', 'otherRelatives', 'otherRelativesStr', 'otherName', 'otherMobile', 'accountUser', 'zaloAccount', 'facebookUid', 'facebookAccount', 'telegramAccount'].map((key) => [key, null]),
);
const SAVED = { ...NULLS, id: 5, userId: 7, industry: 7, companyName: 'Công ty TNHH Sen', companyTel: '02438253535', companyAddress: '1 Tràng Tiền' };

function render(info: Record<string, unknown>) {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith(API_PATHS.workEnum)) return envelope(ENUMS);
    if (path.startsWith(API_PATHS.workInfo)) return envelope(info);
    return envelope(null);
  });
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: ['/authentication/additional-information'] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '30', workInfoState: '10', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '10' },
      authConfig: 'KYC,ID',
    }),
  );
}

const saveCall = () => fetchMock.mock.calls.find(([url]) => String(url).startsWith(API_PATHS.workSave));

describe('additional information', { timeout: 20_000 }, () => {
  it('does not ask the e-mail again, nor require Facebook UID: saves with the company alone', async () => {
    await changeLanguage('en');
    render({ ...SAVED, email: 'an@example.com' });
    const submit = await screen.findByTestId('work-submit', {}, SLOW);
    await waitFor(() => expect(screen.getByDisplayValue('Công ty TNHH Sen')).toBeInTheDocument());
    expect(screen.queryByTestId('work-email')).toBeNull();
    expect(screen.getByText('Facebook UID (optional)')).toBeInTheDocument();
    fireEvent.click(submit);
    await waitFor(() => expect(saveCall()).toBeDefined(), SLOW);
    const body = JSON.parse(String(saveCall()![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ companyName: 'Công ty TNHH Sen', industry: 7 });
    expect(body.email ?? '').toBe('');
  });

  it('asks the e-mail when none is stored, and requires it then', async () => {
    await changeLanguage('en');
    render({ ...SAVED, email: null });
    expect(await screen.findByTestId('work-email', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByDisplayValue('Công ty TNHH Sen')).toBeInTheDocument());
    fireEvent.click(screen.getByTestId('work-submit'));
    expect(await screen.findByText('Please input', {}, SLOW)).toBeInTheDocument();
    expect(saveCall()).toBeUndefined();
  });

  it('shows every invalid field\'s message at once on the first submit of an empty form, focus on the first', async () => {
    await changeLanguage('en');
    render({ ...NULLS, id: null, userId: 7, industry: null, companyName: null, companyTel: null, companyAddress: null, email: null });
    const submit = await screen.findByTestId('work-submit', {}, SLOW);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('work-industry')).toHaveAttribute('aria-invalid', 'true'), SLOW);
    // The industry (a choice), the company's name, phone and address, and the e-mail (none is stored); Facebook UID is optional.
    const messages = Object.fromEntries(screen.getAllByRole('alert').map((alert) => [alert.id, alert.textContent]));
    expect(messages).toEqual({
      'industry-picker-error': 'Please select',
      'companyName-error': 'Please input',
      'companyTel-error': 'Please input',
      'companyAddress-error': 'Please input',
      'work-email-error': 'Please input',
    });
    expect(screen.getByTestId('work-industry')).toHaveFocus();
    expect(saveCall()).toBeUndefined();
  });

  it('keeps the company required', async () => {
    await changeLanguage('en');
    render({ ...SAVED, companyName: null, email: 'an@example.com' });
    const submit = await screen.findByTestId('work-submit', {}, SLOW);
    await waitFor(() => expect(screen.getByDisplayValue('02438253535')).toBeInTheDocument());
    fireEvent.click(submit);
    expect(await screen.findByText('Please input', {}, SLOW)).toBeInTheDocument();
    expect(saveCall()).toBeUndefined();
  });
});
