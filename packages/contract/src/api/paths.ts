/** Every API path of the product, in one place (API-FAMILY.md §2 where the family has the call). */
export const API_PATHS = {
  secret: '/api/user/app/common/secret',
  /** Sends a login OTP by SMS (the family's first call: `{phone}`). */
  loginSms: '/api/user/app/login/sms',
  /** Signs in by OTP (loginType 1) or password (loginType 2). */
  login: '/api/user/app/login',
  /** A proof-of-work challenge for login/sms once a phone, IP or device nears its send limits. */
  challenge: '/api/user/app/challenge',
  logout: '/api/user/app/logout',
  passwordSet: '/api/user/app/password/set',
  passwordUpdate: '/api/user/app/password/update',
  equipmentSave: '/api/user/app/userEquipment/save',
  deviceHas: '/api/user/app/userDevice/hasDevice',
  deviceSave: '/api/user/app/userDevice/save',
  authConfig: '/api/user/app/application/config/auth/config',
  authDetail: '/api/user/app/userAuth/detail',
  userInfo: '/api/user/app/user/info',
  privacyConsent: '/api/user/app/privacy/consent',
  commonIndex: '/api/loan/app/common/index',
  activityList: '/api/user/app/activity/list',
  /** Account lifecycle, data export, consents and feedback (issue 13). */
  deleteUser: '/api/user/app/delete/user',
  dataExport: '/api/user/app/personal/data/export',
  consentHistory: '/api/user/app/privacy/consent/list',
  scoreReview: '/api/user/app/score/review',
  feedbackList: '/api/user/app/feedback/list',
  feedbackSubmit: '/api/user/app/feedback/submit',
  /** The borrower's data rights with deadlines (issue 25 item 9; decision 116; the paths are ours). */
  dataRightsFile: '/api/user/app/privacy/rights/file',
  dataRightsList: '/api/user/app/privacy/rights/list',
  dataRightsRestoreConsent: '/api/user/app/privacy/rights/consent/restore',
  // Credit and home (issue 10).
  /** The signed-in borrower's home (the family's LoanDashboard). */
  homeIndex: '/api/loan/app/index/v3',
  /** 'Borrow from all': the applicable products in detail form. */
  loanPage: '/api/loan/app/index/loan/page',
  reloanButtonSign: '/api/user/app/common/reloan/button/sign',
  /** Development only: run the credit review job now. Off in production. */
  devCreditReview: '/api/dev/credit/review',
  /** Development only: certify a phone with declared facts (e2e journeys, demos). Off in production. */
  devCreditCertify: '/api/dev/credit/certify',
  // Personal data, supplementary information and the operator check (issue 9, profile).
  personalEnum: '/api/user/app/userBaseExt/getEnum',
  personalInfo: '/api/user/app/userBaseExt/info',
  addressList: '/api/user/app/address/list',
  personalSave: '/api/user/app/userBaseExt/save/v2',
  workEnum: '/api/user/app/userWork/enum',
  workInfo: '/api/user/app/userWork/info',
  workSave: '/api/user/app/userBaseExt/save/work/v2',
  telecomOtpOne: '/api/user/app/vietnam/telecom/otp/one',
  telecomOtpTwo: '/api/user/app/vietnam/telecom/otp/two',
  telecomOtpThree: '/api/user/app/vietnam/telecom/otp/three',
  // Receiving accounts and emergency contacts (bank module; API-FAMILY.md §5.9, §7).
  bankList: '/api/user/app/bank/list',
  walletList: '/api/user/app/wallet/list',
  bankBindV2: '/api/user/app/bank/bind/v2',
  bankAdd: '/api/user/app/bank/addBank',
  bankMyCard: '/api/user/app/bank/myCard',
  bankSetDefault: '/api/user/app/bank/setDefault',
  bankUnbind: '/api/user/app/bank/unbind',
  cashWalletListMy: '/api/user/app/userCashWallet/list/my',
  cashWalletSetDefault: '/api/user/app/userCashWallet/set/default',
  /** Sen's call: the emergency contacts to review (the family reads them in userWork/info). */
  emergencyContacts: '/api/user/app/emergencyContact/info',
  /** Messages (issue 10): the family's FCM send records (list, mark read), and our unread count and detail. */
  messageList: '/api/data/app/fcm/sendRecord/list',
  messageUpdate: '/api/data/app/fcm/sendRecord/update',
  messageUnreadCount: '/api/data/app/fcm/sendRecord/unread/count',
  messageDetail: '/api/data/app/fcm/sendRecord/detail',
  /** An uploaded image, served to its owner only (session or owner-only link; not a signed call). */
  userFile: '/api/user/app/file/:fileId',
  kycConfig: '/api/user/app/kyc/config',
  kycSave: '/api/user/app/kyc/save/v2',
  kycFace: '/api/user/app/kyc/liveness/anti/hack',
  kycFaceCompare: '/api/user/app/kyc/face/compare',
  kycInfo: '/api/user/app/kyc/info',
  livenessStart: '/api/user/app/user/liveness/h5/get',
  livenessResult: '/api/user/app/user/liveness/result/get',
  /** Development eKYC provider: the liveness page in the frame and where it sends its frames. */
  livenessDevPage: '/api/ekyc/dev/liveness',
  livenessDevCapture: '/api/ekyc/dev/liveness/capture',
  /** The eKYC vendor's result callback (FPT.AI-style provider). */
  ekycCallback: '/api/ekyc/callback',
  /** Behaviour tracking (SPEC.md §7): one event or a batch; unsigned (the web app flushes with sendBeacon). */
  trackingSend: '/api/user/app/burying/event/send',
  /** The ad-click attribution upload, once per install (SPEC.md §7). */
  adClickUpload: '/api/user/app/adjust/ad/click/info/upload',
  /** Client logs in the survey format; the default of TRACKING_LOG_PATH and of the web app's log endpoint. */
  surveyLog: '/api/log/track',
  health: '/api/health',
  ready: '/api/ready',
  /** The load balancer's and orchestrator's probes (decision 105): the process answers; it can serve. */
  healthLive: '/health/live',
  healthReady: '/health/ready',
  /** Development only: the SMS messages the development provider "sent". Off in production. */
  devSmsOutbox: '/api/dev/sms/outbox',
  openApiDocument: '/api/docs/openapi.json',
  apiDocs: '/api/docs',
  // Borrowing (issue 11; API-FAMILY.md §6.1–6.6).
  productInfoDetail: '/api/loan/app/productInfo/detail',
  /** Sen: an agreement filled with the borrower's figures (JSON, for our web app). */
  agreementContent: '/api/loan/app/agreement/content',
  /** The family's agreement pages (HTML, opened in a WebView): `?userId&productId&amount`. */
  leaseAgreementPage: '/agreement/leaseAgreement.html',
  pawnAgreementPage: '/agreement/pawnAgreement.html',
  /** Sen: sends the code that signs the agreements of one application (decision 112). */
  orderSignCode: '/api/loan/app/order/sign/code',
  orderCommit: '/api/loan/app/order/commit/with/event',
  orderCommitAll: '/api/loan/app/order/commit/all/with/event',
  orderList: '/api/loan/app/order/oldList',
  orderDetail: '/api/loan/app/order/detail',
  applyAgain: '/api/loan/app/apply/again',
  applyAgainCancel: '/api/loan/app/apply/again/cancel',
  /** Sen: the home ticker of real recent payouts. */
  loanTicker: '/api/loan/app/index/ticker',
  // Repaying (issue 12; API-FAMILY.md §6.6–6.9).
  repayUrl: '/api/finance/app/order/repay/url',
  multipleOrderList: '/api/finance/app/multiple/order/list',
  multipleOrderRepay: '/api/finance/app/multiple/order/repay',
  /** Sen: a repayment request's status (signed, the borrower's own). */
  repayStatus: '/api/finance/app/repay/status',
  /** Our repayment page (payUrl, HTML) and its status by page token (no session: a WebView). */
  payPage: '/pay/:token',
  payPageStatus: '/api/finance/pay/status',
  bankRepayList: '/api/user/app/bank/repay/list',
  bankAndWallet: '/api/user/app/bank/getBankAndWallet',
  uploadCert: '/api/finance/app/upload/cert',
  /** The collection account's bank-transfer webhook (SePay format). */
  sepayWebhook: '/api/payment/webhooks/sepay',
  /** Development only: pay a repayment request now (the webhook a bank would send); move the clock; run the loan jobs. */
  devPayNow: '/api/dev/payment/pay-now',
  devClock: '/api/dev/clock',
  devRunLoanJobs: '/api/dev/loans/run-jobs',
  /** Sen: a settled order's confirmation of settlement (PDF, Vietnamese and English; decision 101). */
  settlementCertificate: '/api/loan/app/order/settlement/certificate',
  /** Sen: hardship and restructuring (decision 117). */
  hardship: '/api/loan/app/order/hardship',
  hardshipRequest: '/api/loan/app/order/hardship/request',
  restructureSignCode: '/api/loan/app/order/restructure/sign/code',
  restructureAccept: '/api/loan/app/order/restructure/accept',
  restructureDecline: '/api/loan/app/order/restructure/decline',
} as const;
