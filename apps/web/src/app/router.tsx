import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout.tsx';
import { paths } from './paths.ts';

/**
 * Each page is its own chunk (react-router's lazy routes): the first route loads only its own code,
 * and a navigation keeps the current page on screen until the next one has loaded.
 */
type Lazy = RouteObject['lazy'];

const home = (pick: 'RootHomePage' | 'NoAuthHomePage' | 'HasAuthHomePage'): Lazy => async () => ({
  Component: (await import('../features/home/home-pages.tsx'))[pick],
});
const certificationPages = {
  BatchPage: () => import('../features/certification/batch-page.tsx'),
  PersonalDataBatchPage: () => import('../features/certification/personal-data-page.tsx'),
  PersonalDataInfoPage: () => import('../features/certification/personal-data-page.tsx'),
  OperatorBatchPage: () => import('../features/certification/operator-page.tsx'),
  OperatorInfoPage: () => import('../features/certification/operator-page.tsx'),
  AdditionalInformationPage: () => import('../features/certification/additional-information-page.tsx'),
  CertificationCenterPage: () => import('../features/certification/certification-center-page.tsx'),
};
const certification = (pick: keyof typeof certificationPages): Lazy => async () => ({
  Component: ((await certificationPages[pick]()) as unknown as Record<string, React.ComponentType>)[pick],
});
const notFound: Lazy = async () => ({ Component: (await import('../features/not-found/not-found-page.tsx')).NotFoundPage });

/** The full route table of SPEC.md §2. /home is resolved by the guard (it never renders). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.root, lazy: home('RootHomePage') },
      { path: paths.home, element: <Navigate to={paths.homeNoAuth} replace /> },
      { path: paths.homeNoAuth, lazy: home('NoAuthHomePage') },
      { path: paths.homeHasAuth, lazy: home('HasAuthHomePage') },
      { path: paths.login, lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }) },
      {
        path: paths.privacyPolicy,
        lazy: async () => ({ Component: (await import('../features/auth/privacy-policy-page.tsx')).PrivacyPolicyPage }),
      },
      {
        path: paths.createPassword,
        lazy: async () => ({ Component: (await import('../features/auth/create-password-page.tsx')).CreatePasswordPage }),
      },
      {
        path: paths.createPasswordSucceed,
        lazy: async () => ({ Component: (await import('../features/auth/create-password-succeed-page.tsx')).CreatePasswordSucceedPage }),
      },
      { path: paths.forgotPassword, lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage }) },
      { path: paths.mine, lazy: async () => ({ Component: (await import('../features/mine/mine-page.tsx')).MinePage }) },
      { path: paths.settings, lazy: async () => ({ Component: (await import('../features/mine/settings-page.tsx')).SettingsPage }) },
      // Mine: about, contact, feedback, consents, closing the account (issue 13).
      { path: paths.aboutUs, lazy: async () => ({ Component: (await import('../features/mine/about-us-page.tsx')).AboutUsPage }) },
      { path: paths.contactUs, lazy: async () => ({ Component: (await import('../features/mine/contact-us-page.tsx')).ContactUsPage }) },
      { path: paths.feedback, lazy: async () => ({ Component: (await import('../features/mine/feedback-page.tsx')).FeedbackPage }) },
      {
        path: paths.privacyConsents,
        lazy: async () => ({ Component: (await import('../features/mine/privacy-consents-page.tsx')).PrivacyConsentsPage }),
      },
      { path: paths.dataRights, lazy: async () => ({ Component: (await import('../features/mine/data-rights-page.tsx')).DataRightsPage }) },
      { path: paths.closeAccount, lazy: async () => ({ Component: (await import('../features/mine/close-account-page.tsx')).CloseAccountPage }) },
      {
        path: paths.closeAccountSucceed,
        lazy: async () => ({ Component: (await import('../features/mine/close-account-succeed-page.tsx')).CloseAccountSucceedPage }),
      },
      {
        path: paths.changePassword,
        lazy: async () => ({ Component: (await import('../features/auth/change-password-page.tsx')).ChangePasswordPage }),
      },
      // KYC (issue 9)
      { path: paths.authBatchKyc, lazy: async () => ({ Component: (await import('../features/kyc/index.ts')).KycPage }) },
      { path: paths.authBatchKycFace, lazy: async () => ({ Component: (await import('../features/kyc/index.ts')).KycFacePage }) },
      { path: paths.authInfoKyc, lazy: async () => ({ Component: (await import('../features/kyc/index.ts')).KycInfoPage }) },
      // Certification: the step runner, personal data, operator, additional information, centre (issue 9).
      { path: paths.authBatch, lazy: certification('BatchPage') },
      { path: paths.authBatchPersonalData, lazy: certification('PersonalDataBatchPage') },
      { path: paths.authInfoPersonalData, lazy: certification('PersonalDataInfoPage') },
      { path: paths.authBatchOperatorInformation, lazy: certification('OperatorBatchPage') },
      { path: paths.authInfoOperatorInformation, lazy: certification('OperatorInfoPage') },
      { path: paths.authAdditionalInformation, lazy: certification('AdditionalInformationPage') },
      { path: paths.certificationCenter, lazy: certification('CertificationCenterPage') },
      // Receiving accounts and emergency contacts (features/accounts).
      {
        path: paths.authAccountAndContacts,
        lazy: async () => ({ Component: (await import('../features/accounts/account-and-contacts-page.tsx')).AccountAndContactsPage }),
      },
      { path: paths.authAccount, lazy: async () => ({ Component: (await import('../features/accounts/account-page.tsx')).AccountPage }) },
      {
        path: paths.authInfoAccountAndContacts,
        lazy: async () => ({ Component: (await import('../features/accounts/account-and-contacts-info-page.tsx')).AccountAndContactsInfoPage }),
      },
      {
        path: paths.accountsReceivable,
        lazy: async () => ({ Component: (await import('../features/accounts/accounts-receivable-page.tsx')).AccountsReceivablePage }),
      },
      // Borrowing, orders and repayment (issues 11, 12).
      { path: paths.productInfo, lazy: async () => ({ Component: (await import('../features/borrow/product-info-page.tsx')).ProductInfoPage }) },
      { path: paths.productSucceed, lazy: async () => ({ Component: (await import('../features/borrow/product-result-pages.tsx')).ProductSucceedPage }) },
      { path: paths.productFailed, lazy: async () => ({ Component: (await import('../features/borrow/product-result-pages.tsx')).ProductFailedPage }) },
      { path: paths.orderList, lazy: async () => ({ Component: (await import('../features/orders/order-list-page.tsx')).OrderListPage }) },
      { path: paths.orderInfo, lazy: async () => ({ Component: (await import('../features/orders/order-info-page.tsx')).OrderInfoPage }) },
      { path: paths.orderRepayList, lazy: async () => ({ Component: (await import('../features/repay/repay-list-page.tsx')).RepayListPage }) },
      { path: paths.orderBatchRepayList, lazy: async () => ({ Component: (await import('../features/repay/batch-repay-page.tsx')).BatchRepayPage }) },
      { path: paths.messageList, lazy: async () => ({ Component: (await import('../features/messages/message-list-page.tsx')).MessageListPage }) },
      { path: paths.messageInfo, lazy: async () => ({ Component: (await import('../features/messages/message-info-page.tsx')).MessageInfoPage }) },
      { path: paths.notFound, lazy: notFound },
      { path: paths.notFoundAlias, lazy: notFound },
      { path: '*', element: <Navigate to={paths.notFoundAlias} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the first route's code (its lazy chunks). */
export function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
