import type { AnyEndpoint } from '../endpoint.ts';
import { allAdminEndpoints } from './admin/endpoints.ts';
import { loginEndpoint, loginSmsEndpoint, logoutEndpoint, passwordSetEndpoint, passwordUpdateEndpoint } from './auth.ts';
import {
  bankAddEndpoint,
  bankBindEndpoint,
  bankListEndpoint,
  bankMyCardEndpoint,
  bankSetDefaultEndpoint,
  bankUnbindEndpoint,
  cashWalletListMyEndpoint,
  cashWalletSetDefaultEndpoint,
  emergencyContactsEndpoint,
  walletListEndpoint,
} from './bank.ts';
import { challengeEndpoint } from './challenge.ts';
import { hardshipRequestEndpoint, hardshipViewEndpoint, restructureAcceptEndpoint, restructureDeclineEndpoint, restructureSignCodeEndpoint } from './restructure.ts';
import { settlementCertificateEndpoint } from './servicing.ts';
import {
  consentHistoryEndpoint,
  dataExportEndpoint,
  deleteUserEndpoint,
  feedbackListEndpoint,
  feedbackSubmitEndpoint,
  scoreReviewEndpoint,
} from './account.ts';
import { authConfigEndpoint, authDetailEndpoint } from './certification.ts';
import {
  addressListEndpoint,
  operatorOneEndpoint,
  operatorThreeEndpoint,
  operatorTwoEndpoint,
  personalEnumEndpoint,
  personalInfoEndpoint,
  personalSaveEndpoint,
  workEnumEndpoint,
  workInfoEndpoint,
  workSaveEndpoint,
} from './profile.ts';
import { activityListEndpoint, commonIndexEndpoint } from './content.ts';
import { devCreditCertifyEndpoint, devCreditReviewEndpoint, homeIndexEndpoint, loanPageEndpoint, reloanButtonSignEndpoint } from './home.ts';
import { messageDetailEndpoint, messageListEndpoint, messageUnreadCountEndpoint, messageUpdateEndpoint } from './message.ts';
import { userFileEndpoint } from './files.ts';
import {
  ekycCallbackEndpoint,
  kycConfigEndpoint,
  kycFaceCompareEndpoint,
  kycFaceEndpoint,
  kycInfoEndpoint,
  kycSaveEndpoint,
  livenessDevCaptureEndpoint,
  livenessDevPageEndpoint,
  livenessResultEndpoint,
  livenessStartEndpoint,
} from './kyc.ts';
import {
  agreementContentEndpoint,
  orderSignCodeEndpoint,
  leaseAgreementPageEndpoint,
  pawnAgreementPageEndpoint,
  applyAgainCancelEndpoint,
  applyAgainEndpoint,
  orderCommitAllEndpoint,
  orderCommitEndpoint,
  orderDetailEndpoint,
  orderListEndpoint,
  productInfoDetailEndpoint,
  tickerEndpoint,
} from './loan.ts';
import {
  bankAndWalletEndpoint,
  bankRepayListEndpoint,
  devClockEndpoint,
  devPayNowEndpoint,
  devRunLoanJobsEndpoint,
  multipleOrderListEndpoint,
  multipleOrderRepayEndpoint,
  payPageStatusEndpoint,
  repayStatusEndpoint,
  repayUrlEndpoint,
  sepayWebhookEndpoint,
  uploadCertEndpoint,
} from './repayment.ts';
import { devOutboxEndpoint, healthEndpoint, healthLiveEndpoint, healthReadyEndpoint, readyEndpoint, secretEndpoint } from './system.ts';
import { adClickUploadEndpoint, surveyLogEndpoint, trackingSendEndpoint } from './tracking.ts';
import { fileDataRequestEndpoint, myDataRightsEndpoint, restoreConsentEndpoint } from './data-rights.ts';
import {
  deviceHasEndpoint,
  deviceSaveEndpoint,
  equipmentSaveEndpoint,
  privacyConsentEndpoint,
  userInfoEndpoint,
} from './user.ts';

/** Every endpoint of the API by name: what the web app calls and the OpenAPI document lists. */
export const endpoints = {
  secret: secretEndpoint,
  health: healthEndpoint,
  ready: readyEndpoint,
  healthLive: healthLiveEndpoint,
  healthReady: healthReadyEndpoint,
  devOutbox: devOutboxEndpoint,
  loginSms: loginSmsEndpoint,
  challenge: challengeEndpoint,
  login: loginEndpoint,
  passwordSet: passwordSetEndpoint,
  passwordUpdate: passwordUpdateEndpoint,
  logout: logoutEndpoint,
  userInfo: userInfoEndpoint,
  equipmentSave: equipmentSaveEndpoint,
  deviceHas: deviceHasEndpoint,
  deviceSave: deviceSaveEndpoint,
  privacyConsent: privacyConsentEndpoint,
  authConfig: authConfigEndpoint,
  authDetail: authDetailEndpoint,
  bankList: bankListEndpoint,
  walletList: walletListEndpoint,
  bankBind: bankBindEndpoint,
  bankAdd: bankAddEndpoint,
  bankMyCard: bankMyCardEndpoint,
  bankSetDefault: bankSetDefaultEndpoint,
  bankUnbind: bankUnbindEndpoint,
  cashWalletListMy: cashWalletListMyEndpoint,
  cashWalletSetDefault: cashWalletSetDefaultEndpoint,
  emergencyContacts: emergencyContactsEndpoint,
  commonIndex: commonIndexEndpoint,
  activityList: activityListEndpoint,
  // Account lifecycle, data export, consents and feedback (issue 13).
  deleteUser: deleteUserEndpoint,
  dataExport: dataExportEndpoint,
  consentHistory: consentHistoryEndpoint,
  scoreReview: scoreReviewEndpoint,
  feedbackList: feedbackListEndpoint,
  feedbackSubmit: feedbackSubmitEndpoint,
  // The borrower's data rights with deadlines (issue 25 item 9; decision 116).
  dataRightsFile: fileDataRequestEndpoint,
  dataRightsList: myDataRightsEndpoint,
  dataRightsRestoreConsent: restoreConsentEndpoint,
  // Personal data, supplementary information and the operator check (issue 9, profile).
  personalEnum: personalEnumEndpoint,
  personalInfo: personalInfoEndpoint,
  addressList: addressListEndpoint,
  personalSave: personalSaveEndpoint,
  workEnum: workEnumEndpoint,
  workInfo: workInfoEndpoint,
  workSave: workSaveEndpoint,
  operatorOne: operatorOneEndpoint,
  operatorTwo: operatorTwoEndpoint,
  operatorThree: operatorThreeEndpoint,
  messageList: messageListEndpoint,
  messageUpdate: messageUpdateEndpoint,
  messageUnreadCount: messageUnreadCountEndpoint,
  messageDetail: messageDetailEndpoint,
  userFile: userFileEndpoint,
  kycConfig: kycConfigEndpoint,
  kycSave: kycSaveEndpoint,
  kycFace: kycFaceEndpoint,
  kycFaceCompare: kycFaceCompareEndpoint,
  kycInfo: kycInfoEndpoint,
  livenessStart: livenessStartEndpoint,
  livenessResult: livenessResultEndpoint,
  livenessDevPage: livenessDevPageEndpoint,
  livenessDevCapture: livenessDevCaptureEndpoint,
  ekycCallback: ekycCallbackEndpoint,
  // Credit and home (issue 10).
  homeIndex: homeIndexEndpoint,
  loanPage: loanPageEndpoint,
  reloanButtonSign: reloanButtonSignEndpoint,
  devCreditReview: devCreditReviewEndpoint,
  devCreditCertify: devCreditCertifyEndpoint,
  trackingSend: trackingSendEndpoint,
  adClickUpload: adClickUploadEndpoint,
  surveyLog: surveyLogEndpoint,
  // Borrowing (issue 11).
  productInfoDetail: productInfoDetailEndpoint,
  agreementContent: agreementContentEndpoint,
  leaseAgreementPage: leaseAgreementPageEndpoint,
  pawnAgreementPage: pawnAgreementPageEndpoint,
  orderSignCode: orderSignCodeEndpoint,
  orderCommit: orderCommitEndpoint,
  orderCommitAll: orderCommitAllEndpoint,
  orderList: orderListEndpoint,
  orderDetail: orderDetailEndpoint,
  applyAgain: applyAgainEndpoint,
  applyAgainCancel: applyAgainCancelEndpoint,
  loanTicker: tickerEndpoint,
  // Repaying (issue 12).
  repayUrl: repayUrlEndpoint,
  multipleOrderList: multipleOrderListEndpoint,
  multipleOrderRepay: multipleOrderRepayEndpoint,
  repayStatus: repayStatusEndpoint,
  payPageStatus: payPageStatusEndpoint,
  sepayWebhook: sepayWebhookEndpoint,
  bankRepayList: bankRepayListEndpoint,
  bankAndWallet: bankAndWalletEndpoint,
  uploadCert: uploadCertEndpoint,
  devPayNow: devPayNowEndpoint,
  devClock: devClockEndpoint,
  devRunLoanJobs: devRunLoanJobsEndpoint,
  // Servicing (issue 23; decision 101).
  settlementCertificate: settlementCertificateEndpoint,
  // Hardship and restructuring (issue 23 item 5; decision 117).
  hardship: hardshipViewEndpoint,
  hardshipRequest: hardshipRequestEndpoint,
  restructureSignCode: restructureSignCodeEndpoint,
  restructureAccept: restructureAcceptEndpoint,
  restructureDecline: restructureDeclineEndpoint,
} as const satisfies Record<string, AnyEndpoint>;

/** The borrower API and the back office's: what the server registers and the OpenAPI document lists. */
export const allEndpoints: readonly AnyEndpoint[] = [...Object.values(endpoints), ...allAdminEndpoints];
