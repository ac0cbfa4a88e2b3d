import { API_PATHS, type PersonalInfo } from '@sen/contract';
import { screen } from '@testing-library/react';
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

/* SPEC.md §3 lists Zalo among the personal data ('Other: Facebook UID, ZALO'); the family's KMP
 * client asks it on the personal page (API-FAMILY.md §5.6) and the server keeps it, but the web
 * form had no field for it (issue 25: "lacks Zalo"). */
const fetchMock = setupApiTest();
const SLOW = { timeout: 8000 };
const item = (state: number, info: string) => ({ state, info, id: state });
const ENUMS = { gender: [item(1, 'Male')], maritalStatus: [item(1, 'Single')], education: [item(1, 'University')], purpose: [item(1, 'Shopping')], workTime: [], language: [], idCardTypeV2: [], salaryRange: [] };
const NULLS = Object.fromEntries(
  ['firstName', 'lastName', 'sexStr', 'birthDateStr', 'educationStr', 'marryStateStr', 'purposeStr', 'provinceStr', 'city', 'cityStr', 'region', 'regionStr', 'address', 'salaryRange', 'salaryRangeStr', 'jobNature', 'industry', 'workTime', 'telecom', 'telecomPhone', 'telecomCompany', 'cardName'].map((key) => [key, null]),
);
const INFO = { ...NULLS, id: 3, userId: 7, userName: 'Nguyễn Văn An', cardNo: '001093001234', sex: 1, birthDate: '1993-05-20', education: 1, marryState: 1, purpose: 1, province: 1, currentAddress: '12 Lý Thường Kiệt', salary: 12_000_000, email: 'an@example.com', zaloAccount: '0912345678' } as PersonalInfo;

function render() {
  fetchMock.mockImplementation(async (url) => {
    const path = String(url);
    if (path.startsWith(API_PATHS.personalEnum)) return envelope(ENUMS);
    if (path.startsWith(API_PATHS.addressList)) return envelope([{ id: 1, parentId: 0, name: 'Hà Nội', otherName: 'Hanoi', type: 1, countryId: 84 }]);
    if (path.startsWith(API_PATHS.personalInfo)) return envelope(INFO);
    return envelope(null);
  });
  useSessionStore.setState({ token: 'tok', user: { id: 7, phone: '0912345678' } });
  const router = createMemoryRouter(routes, { initialEntries: ['/authentication/info/personal-data'] });
  setNavigator((to, options) => void router.navigate(to, options));
  renderWithQuery(<RouterProvider router={router} />, (client) =>
    client.setQueryData(authKeys.status(7), {
      authDetail: { idState: '30', workInfoState: '30', bankCardState: '30', kycState: '30', telecomPermissionState: '30', userAuthState: '30' },
      authConfig: 'KYC,ID',
    }),
  );
}

describe('personal data: Zalo (SPEC.md §3; issue 25 item 8)', { timeout: 20_000 }, () => {
  it('asks for Zalo, optional, and shows the saved one when correcting', async () => {
    render();
    const zalo = await screen.findByTestId('personal-zalo', {}, SLOW);
    await vi.waitFor(() => expect(zalo instanceof HTMLInputElement ? zalo : zalo.querySelector('input')).toHaveValue('0912345678'));
    expect(screen.getByText('Zalo (optional)')).toBeInTheDocument();
  });

  it('shows the income example with the language\'s thousands separators, as the field formats it (issue 25: salary without separators)', async () => {
    render();
    const salary = await screen.findByTestId('personal-salary', {}, SLOW);
    const input = salary instanceof HTMLInputElement ? salary : salary.querySelector('input');
    expect(input).toHaveAttribute('placeholder', 'For example 10,000,000');
  });

  it('in Vietnamese too', async () => {
    await changeLanguage('vn');
    render();
    await screen.findByTestId('personal-zalo', {}, SLOW);
    expect(screen.getByText('Zalo (không bắt buộc)')).toBeInTheDocument();
    const salary = screen.getByTestId('personal-salary');
    expect(salary instanceof HTMLInputElement ? salary : salary.querySelector('input')).toHaveAttribute('placeholder', 'Ví dụ 10.000.000');
    await changeLanguage('en');
  });
});
