import { adminHardshipRequestsEndpoint, adminRestructurePreviewEndpoint, adminRestructureProposeEndpoint } from './restructure.ts';
import type { AnyEndpoint } from '../../endpoint.ts';
import { adminAuditExportEndpoint, adminAuditSearchEndpoint } from './audit.ts';
import { adminBorrowerDetailEndpoint, adminBorrowerIdImageEndpoint, adminBorrowerRevealEndpoint, adminBorrowerSearchEndpoint } from './borrowers.ts';
import {
  adminAcceptInvitationEndpoint,
  adminEnrolEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
  adminSignInPasswordEndpoint,
  adminSignInTotpEndpoint,
} from './auth.ts';
import {
  adminFeedbackEndpoint,
  adminFunnelEndpoint,
  adminLedgerCheckEndpoint,
  adminReceiptListEndpoint,
  adminReceiptReviewEndpoint,
  adminTransfersEndpoint,
} from './operations.ts';
import { adminOperatorDeactivateEndpoint, adminOperatorInviteEndpoint, adminOperatorListEndpoint, adminOperatorRoleEndpoint } from './operators.ts';
import { adminProductListEndpoint, adminProductProposeEndpoint } from './products.ts';
import { adminProposalApproveEndpoint, adminProposalListEndpoint, adminProposalRejectEndpoint } from './proposals.ts';
import { adminDashboardEndpoint } from './dashboard.ts';
import {
  adminBreachesEndpoint,
  adminBreachNotifiedEndpoint,
  adminBreachRecordEndpoint,
  adminDataRequestCompleteEndpoint,
  adminDataRequestExtendEndpoint,
  adminDataRequestRefuseEndpoint,
  adminDataRequestsEndpoint,
} from './privacy.ts';
import { adminUnidentifiedMatchEndpoint, adminUnidentifiedReturnEndpoint, adminUnidentifiedReturnedEndpoint, adminUnidentifiedTransfersEndpoint } from './reconciliation.ts';
import { adminReconciliationReportEndpoint, adminStatementImportEndpoint } from './statements.ts';
import { adminPayoutCancelProposeEndpoint, adminPayoutRetryEndpoint, adminRefundProposeEndpoint, adminWriteOffProposeEndpoint } from './servicing.ts';
import {
  adminCollectionAssignEndpoint,
  adminCollectionCaseEndpoint,
  adminCollectionCasesEndpoint,
  adminCollectionContactEndpoint,
  adminCollectionPromiseEndpoint,
} from './collections.ts';
import { adminCollectionRulesEndpoint, adminCollectionRulesProposeEndpoint } from './collection-rules.ts';
import {
  adminCreditRulesEndpoint,
  adminCreditRulesProposeEndpoint,
  adminReviewAppealEndpoint,
  adminReviewDecideEndpoint,
  adminReviewDetailEndpoint,
  adminReviewListEndpoint,
} from './reviews.ts';

/** Every back-office endpoint by name (the admin app calls by these; the borrower app never imports them). */
export const adminEndpoints = {
  signInPassword: adminSignInPasswordEndpoint,
  enrol: adminEnrolEndpoint,
  signInTotp: adminSignInTotpEndpoint,
  acceptInvitation: adminAcceptInvitationEndpoint,
  logout: adminLogoutEndpoint,
  me: adminMeEndpoint,
  operators: adminOperatorListEndpoint,
  operatorInvite: adminOperatorInviteEndpoint,
  operatorRole: adminOperatorRoleEndpoint,
  operatorDeactivate: adminOperatorDeactivateEndpoint,
  audit: adminAuditSearchEndpoint,
  auditExport: adminAuditExportEndpoint,
  proposals: adminProposalListEndpoint,
  proposalApprove: adminProposalApproveEndpoint,
  proposalReject: adminProposalRejectEndpoint,
  products: adminProductListEndpoint,
  productPropose: adminProductProposeEndpoint,
  ledgerCheck: adminLedgerCheckEndpoint,
  funnel: adminFunnelEndpoint,
  feedback: adminFeedbackEndpoint,
  receipts: adminReceiptListEndpoint,
  receiptReview: adminReceiptReviewEndpoint,
  transfers: adminTransfersEndpoint,
  unidentifiedTransfers: adminUnidentifiedTransfersEndpoint,
  unidentifiedMatch: adminUnidentifiedMatchEndpoint,
  unidentifiedReturn: adminUnidentifiedReturnEndpoint,
  unidentifiedReturned: adminUnidentifiedReturnedEndpoint,
  statementImport: adminStatementImportEndpoint,
  reconciliationReport: adminReconciliationReportEndpoint,
  payoutRetry: adminPayoutRetryEndpoint,
  payoutCancelPropose: adminPayoutCancelProposeEndpoint,
  reviews: adminReviewListEndpoint,
  reviewDetail: adminReviewDetailEndpoint,
  reviewDecide: adminReviewDecideEndpoint,
  reviewAppeal: adminReviewAppealEndpoint,
  creditRules: adminCreditRulesEndpoint,
  creditRulesPropose: adminCreditRulesProposeEndpoint,
  dashboard: adminDashboardEndpoint,
  borrowerSearch: adminBorrowerSearchEndpoint,
  borrowerDetail: adminBorrowerDetailEndpoint,
  borrowerReveal: adminBorrowerRevealEndpoint,
  borrowerIdImage: adminBorrowerIdImageEndpoint,
  collectionCases: adminCollectionCasesEndpoint,
  collectionCase: adminCollectionCaseEndpoint,
  collectionContact: adminCollectionContactEndpoint,
  collectionPromise: adminCollectionPromiseEndpoint,
  collectionAssign: adminCollectionAssignEndpoint,
  collectionRules: adminCollectionRulesEndpoint,
  collectionRulesPropose: adminCollectionRulesProposeEndpoint,
  refundPropose: adminRefundProposeEndpoint,
  writeOffPropose: adminWriteOffProposeEndpoint,
  restructurePreview: adminRestructurePreviewEndpoint,
  restructurePropose: adminRestructureProposeEndpoint,
  hardshipRequests: adminHardshipRequestsEndpoint,
  dataRequests: adminDataRequestsEndpoint,
  dataRequestExtend: adminDataRequestExtendEndpoint,
  dataRequestComplete: adminDataRequestCompleteEndpoint,
  dataRequestRefuse: adminDataRequestRefuseEndpoint,
  breaches: adminBreachesEndpoint,
  breachRecord: adminBreachRecordEndpoint,
  breachNotified: adminBreachNotifiedEndpoint,
} as const satisfies Record<string, AnyEndpoint>;

export const allAdminEndpoints: readonly AnyEndpoint[] = Object.values(adminEndpoints);
