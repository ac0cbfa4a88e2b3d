/** Every route path of SPEC.md §2, in one place. */
export const paths = {
  root: '/',
  home: '/home',
  homeNoAuth: '/home/no-auth',
  homeHasAuth: '/home/has-auth',

  login: '/login',
  privacyPolicy: '/login/privacy-policy',
  createPassword: '/login/create-password',
  createPasswordSucceed: '/login/create-password/succeed',
  /** Forgotten password (SPEC.md §2 'Further screens': its route is not shown; this one is ours). */
  forgotPassword: '/login/forgot-password',

  mine: '/mine',
  aboutUs: '/mine/about-us',
  accountsReceivable: '/mine/accounts-receivable',
  certificationCenter: '/mine/certification-center',
  contactUs: '/mine/contact-us',
  settings: '/mine/settings',
  closeAccount: '/mine/settings/close-account',
  closeAccountSucceed: '/mine/settings/close-account/succeed',
  feedback: '/mine/settings/feedback',
  changePassword: '/mine/settings/password',
  /** The privacy-policy versions agreed and when (issue 13; the route is ours). */
  privacyConsents: '/mine/settings/privacy-consents',
  /** The borrower's data rights with deadlines (issue 25 item 9; decision 116; the route is ours). */
  dataRights: '/mine/data-rights',

  authAccountAndContacts: '/authentication/account-and-contacts',
  authAdditionalInformation: '/authentication/additional-information',
  authAccount: '/authentication/account',
  authBatch: '/authentication/batch',
  authBatchKyc: '/authentication/batch/kyc',
  authBatchKycFace: '/authentication/batch/kyc/face',
  authBatchOperatorInformation: '/authentication/batch/operator-information',
  authBatchPersonalData: '/authentication/batch/personal-data',
  authInfoAccountAndContacts: '/authentication/info/account-and-contacts',
  authInfoKyc: '/authentication/info/kyc',
  authInfoOperatorInformation: '/authentication/info/operator-information',
  authInfoPersonalData: '/authentication/info/personal-data',

  orderBatchRepayList: '/order/batch-repay-list',
  orderInfo: '/order/info',
  orderList: '/order/list',
  orderRepayList: '/order/repay-list',

  productInfo: '/product/info',
  productFailed: '/product/failed',
  productSucceed: '/product/succeed',

  messageList: '/message/list',
  messageInfo: '/message/info/:id',

  notFound: '/not-found',
  notFoundAlias: '/NotFound',
} as const;

export type RoutePath = (typeof paths)[keyof typeof paths];

export const messageInfoPath = (id: string) => `/message/info/${encodeURIComponent(id)}`;

/** Reachable without a token (SPEC.md §6 and DESIGN.md's departure: visitors see the public pages). */
export const PUBLIC_PATHS: readonly RoutePath[] = [
  paths.root,
  paths.home,
  paths.homeNoAuth,
  paths.login,
  paths.privacyPolicy,
  paths.forgotPassword,
  // The account has just closed and its session ended: the confirmation shows without a token.
  paths.closeAccountSucceed,
  paths.messageList,
  paths.messageInfo,
  paths.notFound,
  paths.notFoundAlias,
];

/** The bottom tab bar shows on these (SPEC.md §2 Navigation). */
export const TAB_BAR_PATHS: readonly RoutePath[] = [paths.root, paths.homeNoAuth, paths.homeHasAuth, paths.mine, paths.orderRepayList];
