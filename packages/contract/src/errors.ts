import type { MessageKey } from './messages.ts';

/**
 * The error catalogue (SPEC.md §8). Each error has an envelope code, the HTTP status the server
 * answers with, and the message key of its text. The web app maps envelope codes first (401 logs
 * out, 403 is 'Access denied', anything else shows the server's message) and HTTP statuses only
 * when a response carries no envelope (docs/decisions/002-error-envelope-and-http-status.md).
 */
/** What a borrower can meet (codes below 6000). The borrower app imports only these, so the back office's catalogue stays off its first route (e2e/budgets.spec.ts). */
export const BORROWER_ERRORS = {
  /** A field failed its §5 rule; the message is that rule's text. */
  VALIDATION_FAILED: { code: 400, httpStatus: 400, messageKey: 'validation.required' },
  /** No, an unknown, an expired or a revoked session token. The client logs out. */
  SESSION_EXPIRED: { code: 401, httpStatus: 401, messageKey: 'error.sessionExpired' },
  /** The caller is signed in but may not do this. */
  ACCESS_DENIED: { code: 403, httpStatus: 403, messageKey: 'error.accessDenied' },
  NOT_FOUND: { code: 404, httpStatus: 404, messageKey: 'error.notFound' },
  /** Generic rate limit (per IP) hit. */
  TOO_MANY_REQUESTS: { code: 429, httpStatus: 429, messageKey: 'error.tooManyRequests' },
  /** Anything unexpected; details are logged, never sent. */
  SERVER_ERROR: { code: 500, httpStatus: 500, messageKey: 'error.server' },
  /** A dependency (the database) is away; the call may be retried shortly. */
  SERVICE_UNAVAILABLE: { code: 503, httpStatus: 503, messageKey: 'error.serviceUnavailable' },

  /**
   * The sign header matches no reading of the payload (or is missing). 409 is the family's code:
   * every client fetches the secret again on it (docs/decisions/025-family-status-codes.md).
   */
  BAD_SIGN: { code: 409, httpStatus: 409, messageKey: 'error.badSign' },
  /**
   * The app's version (app-version header, else `version`) is below MIN_APP_VERSION. 300 is the
   * family's forced-update code; HTTP 426 says the same to infrastructure (decision 025).
   */
  UPDATE_REQUIRED: { code: 300, httpStatus: 426, messageKey: 'error.updateRequired' },

  /** appCode, version or mobileType missing or wrong, or a malformed app-version header. */
  MISSING_PARAMS: { code: 1001, httpStatus: 400, messageKey: 'error.missingParams' },
  /** The timestamp header is missing or outside ±5 minutes of the server clock (replay guard). */
  STALE_TIMESTAMP: { code: 1003, httpStatus: 400, messageKey: 'error.staleTimestamp' },
  /**
   * A loan commit whose client key (auditKey or Idempotency-Key) made an earlier order from a
   * different request: a new operation needs a new key (docs/decisions/086-one-idempotency-mechanism.md).
   */
  IDEMPOTENCY_KEY_REUSED: { code: 1006, httpStatus: 409, messageKey: 'error.idempotencyKeyReused' },

  OTP_INCORRECT: { code: 2001, httpStatus: 400, messageKey: 'error.otpIncorrect' },
  OTP_EXPIRED: { code: 2002, httpStatus: 400, messageKey: 'error.otpExpired' },
  /** Five wrong tries: the code is dead and a new one must be requested. */
  OTP_LOCKED: { code: 2003, httpStatus: 400, messageKey: 'error.otpLocked' },
  /** A new OTP was asked for within the 60 s resend interval; data carries `retryAfterSeconds`. */
  OTP_TOO_SOON: { code: 2004, httpStatus: 429, messageKey: 'error.otpTooSoon' },
  /** Send limit per phone, IP or device reached (SMS flooding guard). */
  OTP_SEND_LIMIT: { code: 2005, httpStatus: 429, messageKey: 'error.otpSendLimit' },
  /** The SMS provider refused or failed; the OTP is not counted as sent. */
  SMS_UNAVAILABLE: { code: 2006, httpStatus: 503, messageKey: 'error.smsUnavailable' },

  /** A proof-of-work solution is needed before another code is sent (the `altcha` field; GET challenge). */
  CHALLENGE_REQUIRED: { code: 2007, httpStatus: 400, messageKey: 'error.challengeRequired' },
  /** The proof-of-work solution is wrong, expired or already used. */
  CHALLENGE_FAILED: { code: 2008, httpStatus: 400, messageKey: 'error.challengeFailed' },

  /** Unknown phone or wrong password: one message for both, so phones cannot be enumerated. */
  LOGIN_FAILED: { code: 2101, httpStatus: 400, messageKey: 'error.loginFailed' },
  /** password/update for a user who never set a password (password login answers LOGIN_FAILED). */
  PASSWORD_NOT_SET: { code: 2102, httpStatus: 400, messageKey: 'error.passwordNotSet' },
  OLD_PASSWORD_INCORRECT: { code: 2103, httpStatus: 400, messageKey: 'error.oldPasswordIncorrect' },
  /** password/set when a password exists and the session did not come from an OTP login. */
  PASSWORD_ALREADY_SET: { code: 2104, httpStatus: 409, messageKey: 'error.passwordAlreadySet' },
  /** Too many wrong passwords for this phone lately: no password is checked until the lock ends; data carries `retryAfterSeconds`. */
  LOGIN_LOCKED: { code: 2105, httpStatus: 429, messageKey: 'error.loginLocked' },
  /** So many wrong passwords since the last sign-in that only a login code (OTP login or reset by code) signs in. */
  LOGIN_CODE_REQUIRED: { code: 2106, httpStatus: 400, messageKey: 'error.loginCodeRequired' },
  /** password/update by code for a phone that has no account: a reset never creates one (issue 25). */
  PHONE_NOT_REGISTERED: { code: 2107, httpStatus: 400, messageKey: 'error.phoneNotRegistered' },

  /**
   * Account closing refused by a close guard (a loan not settled, ...): the message says why
   * (the guard's own message key replaces this generic one).
   */
  ACCOUNT_CLOSE_REFUSED: { code: 2301, httpStatus: 409, messageKey: 'error.accountCloseRefused' },
  /** delete/user with a `rid` that is not the caller's own user number. */
  ACCOUNT_WRONG_USER: { code: 2302, httpStatus: 403, messageKey: 'error.accountWrongUser' },
  // The borrower's data rights (issue 25 item 9; decision 116). 231x.
  /** A data-subject request of this kind is still open: one open request per kind at a time. */
  DATA_REQUEST_OPEN: { code: 2310, httpStatus: 409, messageKey: 'error.dataRequestOpen' },
  /** A withdrawal of a consent that is already withdrawn (and not given again). */
  CONSENT_ALREADY_WITHDRAWN: { code: 2311, httpStatus: 409, messageKey: 'error.consentAlreadyWithdrawn' },
  /** Giving again a consent that was never withdrawn. */
  CONSENT_NOT_WITHDRAWN: { code: 2312, httpStatus: 409, messageKey: 'error.consentNotWithdrawn' },
  /** A new loan after the borrower withdrew the consent to process personal data for lending: existing loans are still serviced. */
  LENDING_CONSENT_WITHDRAWN: { code: 2313, httpStatus: 409, messageKey: 'error.lendingConsentWithdrawn' },
  // Products and credit (issue 10).
  /** A product's interest or overdue rate exceeds the legal cap of the lender's licence (Civil Code art. 468). */
  RATE_OVER_CAP: { code: 5002, httpStatus: 400, messageKey: 'error.rateOverCap' },
  /** A product's amounts or dates contradict each other (min above max, end before start). */
  PRODUCT_INVALID: { code: 5003, httpStatus: 400, messageKey: 'error.productInvalid' },
  /** A reservation would take the borrower past their available credit (or the credit is not approved). */
  CREDIT_LIMIT_EXCEEDED: { code: 5004, httpStatus: 400, messageKey: 'error.creditLimitExceeded' },

  // Personal data and operator check (issue 9, profile).
  /** The ID number is already another user's (unique by its blind index). */
  ID_NUMBER_TAKEN: { code: 3101, httpStatus: 409, messageKey: 'error.idNumberTaken' },
  /** A correction of personal data tried to change the verified ID number. */
  ID_NUMBER_LOCKED: { code: 3102, httpStatus: 400, messageKey: 'error.idNumberLocked' },
  /** An operator step out of order (otp/two or three without a live code of the step before, or another operator). */
  OPERATOR_STEP: { code: 3103, httpStatus: 400, messageKey: 'error.operatorStep' },
  /** The operator check named a phone other than the signed-in user's. */
  OPERATOR_PHONE_MISMATCH: { code: 3104, httpStatus: 403, messageKey: 'error.operatorPhone' },
  // Receiving accounts (bank module, issue 9).
  /** The same bank and account number (or wallet and account) is already bound for this user. */
  BANK_ACCOUNT_DUPLICATE: { code: 2601, httpStatus: 409, messageKey: 'error.bankAccountDuplicate' },
  /** No active receiving account with this id belongs to the caller (another user's id answers the same). */
  BANK_ACCOUNT_NOT_FOUND: { code: 2602, httpStatus: 400, messageKey: 'error.bankAccountNotFound' },
  /** Unbinding the default account while it is the user's only one: loans would have nowhere to go. */
  BANK_UNBIND_ONLY_ACCOUNT: { code: 2603, httpStatus: 409, messageKey: 'error.bankUnbindOnlyAccount' },
  /** Unbinding an account a loan is being paid out to (an unbind guard, registered by the order module, said so). */
  BANK_UNBIND_PAYOUT: { code: 2604, httpStatus: 409, messageKey: 'error.bankUnbindPayout' },

  // Uploads and KYC (issue 9; docs/decisions/040 and 041). 24xx.
  /** No file in the expected part (or two parts of the same name). */
  UPLOAD_MISSING: { code: 2401, httpStatus: 400, messageKey: 'error.upload.missing' },
  /** Larger than IMAGE_UPLOAD_MAX_BYTES (8 MB). */
  UPLOAD_TOO_LARGE: { code: 2402, httpStatus: 413, messageKey: 'error.upload.tooLarge' },
  /** Not a JPEG, PNG or WebP by its content, whatever its name or declared type. */
  UPLOAD_NOT_IMAGE: { code: 2403, httpStatus: 415, messageKey: 'error.upload.notImage' },
  /** Cut off or corrupt: the image does not decode completely. */
  UPLOAD_DAMAGED: { code: 2404, httpStatus: 400, messageKey: 'error.upload.damaged' },
  /** Smaller than the minimum side in pixels. */
  UPLOAD_TOO_SMALL: { code: 2405, httpStatus: 400, messageKey: 'error.upload.tooSmall' },
  /** face/compare (finishing the KYC step) before the ID front, back and face are all in. */
  KYC_INCOMPLETE: { code: 2410, httpStatus: 400, messageKey: 'error.kyc.incomplete' },
  /** The liveness result is unsigned, wrongly signed, for another user or session, or failed. */
  LIVENESS_REJECTED: { code: 2411, httpStatus: 400, messageKey: 'error.kyc.livenessRejected' },
  /** The liveness session is unknown or expired: start the face check again. */
  LIVENESS_EXPIRED: { code: 2412, httpStatus: 400, messageKey: 'error.kyc.livenessExpired' },
  /** The eKYC provider did not answer or refused the call; the step may be retried. */
  EKYC_UNAVAILABLE: { code: 2413, httpStatus: 503, messageKey: 'error.kyc.providerUnavailable' },
  /** The KYC step is finished; its documents can no longer be replaced by the borrower. */
  KYC_ALREADY_DONE: { code: 2414, httpStatus: 409, messageKey: 'error.kyc.alreadyDone' },
  /** The eKYC provider says the face does not match the ID card's photo. */
  FACE_MISMATCH: { code: 2415, httpStatus: 400, messageKey: 'error.kyc.faceMismatch' },

  // Orders and repayments (issues 11 and 12; docs/decisions/070). 27xx.
  /** No order with this id or number belongs to the caller (another borrower's answers the same). */
  ORDER_NOT_FOUND: { code: 2701, httpStatus: 404, messageKey: 'error.orderNotFound' },
  /** The product is not active, not open yet or closed. */
  PRODUCT_NOT_AVAILABLE: { code: 2702, httpStatus: 400, messageKey: 'error.productNotAvailable' },
  /** The product's loans for today are all taken; data carries `enableLoanDate`, the next borrowing date. */
  PRODUCT_QUOTA_USED_UP: { code: 2703, httpStatus: 409, messageKey: 'error.productQuotaUsedUp' },
  /** The borrower's pre-credit is pending (status 0) or failed (2); data carries `creditStatus` and `enableLoanDate`. */
  CREDIT_NOT_APPROVED: { code: 2704, httpStatus: 400, messageKey: 'error.creditNotApproved' },
  /** The loanTermId or planNums is not one the product offers. */
  LOAN_TERM_INVALID: { code: 2705, httpStatus: 400, messageKey: 'error.loanTermInvalid' },
  /** The product asks for a drawn signature (isSign 0) and no signPic came. */
  SIGNATURE_REQUIRED: { code: 2706, httpStatus: 400, messageKey: 'error.signatureRequired' },
  /** The agreement the borrower read is no longer the current version: read it again. */
  AGREEMENT_OUTDATED: { code: 2707, httpStatus: 409, messageKey: 'error.agreementOutdated' },
  /** The order is not being repaid (not paid out yet, settled or closed), or the instalments chosen are settled. */
  ORDER_NOT_REPAYABLE: { code: 2708, httpStatus: 409, messageKey: 'error.orderNotRepayable' },
  /** A loan of the borrower's is past its due date: no new loan until it is repaid (decision 115). */
  LOAN_OVERDUE: { code: 2715, httpStatus: 409, messageKey: 'error.loanOverdue' },
  /** A bank webhook without the configured key (Authorization: Apikey …). */
  WEBHOOK_KEY_INVALID: { code: 2709, httpStatus: 401, messageKey: 'error.webhookKeyInvalid' },
  /** An operator reviewed a receipt that was reviewed before. */
  RECEIPT_ALREADY_REVIEWED: { code: 2710, httpStatus: 409, messageKey: 'error.receiptAlreadyReviewed' },
  /** The product asks for the agreements to be signed with a code sent by SMS (signingCode 'required') and none came (decision 112). */
  SIGNING_CODE_REQUIRED: { code: 2712, httpStatus: 400, messageKey: 'error.signingCodeRequired' },
  // Refunds, write-off and the settlement certificate (issue 23; decision 100).
  /** A settlement certificate asked for an order that is not settled (repaying, written off, never paid out). */
  ORDER_NOT_SETTLED: { code: 2711, httpStatus: 409, messageKey: 'error.orderNotSettled' },
  // Restructuring and hardship (issue 23 item 5; decision 117).
  /** Help asked for a loan that is not being repaid, or neither overdue nor with an instalment due within 7 days. */
  HARDSHIP_NOT_ELIGIBLE: { code: 2720, httpStatus: 409, messageKey: 'error.hardshipNotEligible' },
  /** The loan already has a request for help open (or an offer waiting): one at a time. */
  HARDSHIP_REQUEST_OPEN: { code: 2721, httpStatus: 409, messageKey: 'error.hardshipRequestOpen' },
  /** The offer is no longer open (accepted, declined, expired or replaced). */
  RESTRUCTURE_OFFER_NOT_OPEN: { code: 2722, httpStatus: 409, messageKey: 'error.restructureOfferNotOpen' },
  /** The new plan's figures changed since they were shown (a payment or a new day): review them again. */
  RESTRUCTURE_OFFER_CHANGED: { code: 2723, httpStatus: 409, messageKey: 'error.restructureOfferChanged' },
  /** A new loan during a restructured loan's watch period (decision 117). */
  LOAN_RESTRUCTURE_WATCH: { code: 2724, httpStatus: 409, messageKey: 'error.loanRestructureWatch' },
} as const satisfies Record<string, { code: number; httpStatus: number; messageKey: MessageKey }>;

/** The back office's own refusals (6xxx): operators, proposals, servicing, reconciliation, privacy. */
export const OPERATOR_ERRORS = {

  // The back office (issue 22; docs/decisions/089, 090, 091). 60xx.
  /** A call under /api/admin without `x-sen-admin: 1`: a cross-site form or link cannot set a header (CSRF). */
  ADMIN_HEADER_MISSING: { code: 6001, httpStatus: 403, messageKey: 'error.adminHeaderMissing' },
  /** The operator is signed in but their role lacks the endpoint's permission (ROLE_PERMISSIONS). */
  OPERATOR_PERMISSION_DENIED: { code: 6002, httpStatus: 403, messageKey: 'error.operatorPermissionDenied' },
  /** Unknown e-mail, wrong password, or a deactivated operator: one message, so accounts cannot be enumerated. */
  OPERATOR_SIGN_IN_FAILED: { code: 6010, httpStatus: 400, messageKey: 'error.operatorSignInFailed' },
  /** Five failed passwords or codes in a row: no sign-in for 15 minutes; data carries `retryAfterSeconds`. */
  OPERATOR_LOCKED: { code: 6011, httpStatus: 429, messageKey: 'error.operatorLocked' },
  OPERATOR_TOTP_INCORRECT: { code: 6012, httpStatus: 400, messageKey: 'error.operatorTotpIncorrect' },
  /** A code of a time step already used by this operator (RFC 6238 §5.2: one use per step). */
  OPERATOR_TOTP_REPLAYED: { code: 6013, httpStatus: 400, messageKey: 'error.operatorTotpReplayed' },
  /** The pending sign-in token is unknown, used, expired (5 min) or for another step. */
  OPERATOR_STEP_EXPIRED: { code: 6014, httpStatus: 400, messageKey: 'error.operatorStepExpired' },
  /** The invitation token is unknown, used, expired (72 h) or its operator was deactivated. */
  INVITATION_INVALID: { code: 6015, httpStatus: 400, messageKey: 'error.invitationInvalid' },
  OPERATOR_EMAIL_TAKEN: { code: 6020, httpStatus: 409, messageKey: 'error.operatorEmailTaken' },
  OPERATOR_NOT_FOUND: { code: 6021, httpStatus: 404, messageKey: 'error.operatorNotFound' },
  /** An admin changing their own role or deactivating themselves: another admin must (no admin locks everyone out). */
  OPERATOR_SELF_CHANGE: { code: 6022, httpStatus: 409, messageKey: 'error.operatorSelfChange' },
  PROPOSAL_NOT_FOUND: { code: 6030, httpStatus: 404, messageKey: 'error.proposalNotFound' },
  /** Approved, rejected or expired already (two checkers at once: the second gets this). */
  PROPOSAL_NOT_PENDING: { code: 6031, httpStatus: 409, messageKey: 'error.proposalNotPending' },
  /** Four eyes: the proposer cannot approve their own proposal. */
  PROPOSAL_OWN: { code: 6032, httpStatus: 403, messageKey: 'error.proposalOwn' },
  /** A pending proposal for the same product code or receipt exists: decide that one first. */
  PROPOSAL_DUPLICATE: { code: 6033, httpStatus: 409, messageKey: 'error.proposalDuplicate' },
  // Credit reviews (decision 095).
  REVIEW_NOT_FOUND: { code: 6040, httpStatus: 404, messageKey: 'error.reviewNotFound' },
  /** The review was decided already (two reviewers at once: the second gets this; the first decision stands). */
  REVIEW_ALREADY_DECIDED: { code: 6041, httpStatus: 409, messageKey: 'error.reviewAlreadyDecided' },
  /** An approval's limit above the policy's maximum or not a multiple of its step; params max and step. */
  REVIEW_LIMIT_INVALID: { code: 6042, httpStatus: 400, messageKey: 'error.reviewLimitInvalid' },
  /** An appeal for a borrower who is approved, already under review, or was never rejected or calmed. */
  APPEAL_NOT_ALLOWED: { code: 6043, httpStatus: 409, messageKey: 'error.appealNotAllowed' },
  /** Four eyes on appeals: the operator who opened an appeal cannot decide it, nor approve its limit (decision 110). */
  APPEAL_OWN: { code: 6044, httpStatus: 403, messageKey: 'error.appealOwn' },
  // The borrower view (decision 097).
  BORROWER_NOT_FOUND: { code: 6050, httpStatus: 404, messageKey: 'error.borrowerNotFound' },
  /** A reveal of what the borrower has not given (no personal data yet, no ID images). */
  REVEAL_NOTHING: { code: 6051, httpStatus: 404, messageKey: 'error.revealNothing' },
  /** An ID image link that expired, was made for another operator session, or was altered: reveal again. */
  REVEAL_LINK_INVALID: { code: 6052, httpStatus: 403, messageKey: 'error.revealLinkInvalid' },
  // Collections (issue 23 item 1; decisions 098, 099).
  COLLECTION_CASE_NOT_FOUND: { code: 6060, httpStatus: 404, messageKey: 'error.collectionCaseNotFound' },
  /** A contact, promise or assignment on a case that closed (the loan was repaid or cured; written off: the message `error.collectionCaseWrittenOff`). */
  COLLECTION_CASE_CLOSED: { code: 6061, httpStatus: 409, messageKey: 'error.collectionCaseClosed' },
  /** Assigned to an operator who is not active or whose role does not work collections. */
  COLLECTION_ASSIGNEE_INVALID: { code: 6062, httpStatus: 400, messageKey: 'error.collectionAssigneeInvalid' },
  /** A promise to pay dated before today or more than 30 days ahead (Vietnam dates). */
  COLLECTION_PROMISE_DATE: { code: 6063, httpStatus: 400, messageKey: 'error.collectionPromiseDate' },
  /** A promise to pay on a case that has one open already: one open promise per case (decision 126); params `date`, the open one's. */
  COLLECTION_PROMISE_OPEN: { code: 6064, httpStatus: 409, messageKey: 'error.collectionPromiseOpen' },
  /** A refund proposed for an order that holds no credit (overpayment), or for more than it holds. */
  REFUND_NOTHING_HELD: { code: 6070, httpStatus: 409, messageKey: 'error.refundNothingHeld' },
  /** A refund of the order is already being sent (one live refund per order). */
  REFUND_IN_PROGRESS: { code: 6071, httpStatus: 409, messageKey: 'error.refundInProgress' },
  /** The borrower has no default bank account a transfer can reach (a NAPAS BIN). */
  REFUND_NO_ACCOUNT: { code: 6072, httpStatus: 409, messageKey: 'error.refundNoAccount' },
  /** A write-off of an order that is not being repaid or not past its due date. */
  WRITE_OFF_NOT_ALLOWED: { code: 6073, httpStatus: 409, messageKey: 'error.writeOffNotAllowed' },
  // Reconciliation (issue 23 item 2; decision 114).
  /** A match or return of a transfer that is not waiting in the unmatched queue (already decided, or never unidentified). */
  TRANSFER_NOT_UNIDENTIFIED: { code: 6080, httpStatus: 409, messageKey: 'error.transferNotUnidentified' },
  /** A payout retry or cancel for an order that is not waiting to be paid out. */
  PAYOUT_NOT_OPEN: { code: 6081, httpStatus: 409, messageKey: 'error.payoutNotOpen' },
  /** A payout cancel (or retry) while the partner holds the transfer: the money may already be on its way. */
  PAYOUT_IN_FLIGHT: { code: 6082, httpStatus: 409, messageKey: 'error.payoutInFlight' },
  /** A return recorded by hand for a transfer that is not approved to go back (still open, matched, or returned already; decision 125). */
  TRANSFER_NOT_TO_RETURN: { code: 6083, httpStatus: 409, messageKey: 'error.transferNotToReturn' },
  /** The outgoing transfer named as a return is not money out of the amount held, names a loan (a payout or refund), or already returns another transfer (decision 125). */
  RETURN_TRANSFER_INVALID: { code: 6084, httpStatus: 409, messageKey: 'error.returnTransferInvalid' },
  // Statement import (decision 118).
  /** A statement file that is not UTF-8 text, or holds no transaction row. */
  STATEMENT_UNREADABLE: { code: 6090, httpStatus: 400, messageKey: 'error.statementUnreadable' },
  /** A statement whose header row is not SePay's columns: the whole file is refused (params: missing, unknown). */
  STATEMENT_HEADER_INVALID: { code: 6091, httpStatus: 400, messageKey: 'error.statementHeaderInvalid' },
  /** A statement of more rows than one import takes (STATEMENT_MAX_ROWS). */
  STATEMENT_TOO_MANY_ROWS: { code: 6092, httpStatus: 413, messageKey: 'error.statementTooManyRows' },
  /** A statement.import approved after the bank reported one of its transfers otherwise (another amount, direction or account). */
  STATEMENT_CONFLICT: { code: 6093, httpStatus: 409, messageKey: 'error.statementConflict' },
  /** A statement file over STATEMENT_MAX_BYTES. */
  STATEMENT_TOO_LARGE: { code: 6094, httpStatus: 413, messageKey: 'error.statementTooLarge' },
  /** A restructure of a loan not being repaid, already restructured, or with no principal left; an offer proposed while another is open. */
  RESTRUCTURE_NOT_ALLOWED: { code: 6100, httpStatus: 409, messageKey: 'error.restructureNotAllowed' },
  /** An offer outside the rules (instalments, period, term, extension, waiver caps); params `rules` names them. */
  RESTRUCTURE_OFFER_INVALID: { code: 6101, httpStatus: 400, messageKey: 'error.restructureOfferInvalid' },
  // Data-subject requests and the breach register (issue 25 item 9; decision 116).
  DATA_REQUEST_NOT_FOUND: { code: 6110, httpStatus: 404, messageKey: 'error.dataRequestNotFound' },
  /** Extend, complete or refuse a request that is completed or refused already (two operators at once: the second gets this). */
  DATA_REQUEST_CLOSED: { code: 6111, httpStatus: 409, messageKey: 'error.dataRequestClosed' },
  /** A second extension: the law allows one. */
  DATA_REQUEST_EXTENDED: { code: 6112, httpStatus: 409, messageKey: 'error.dataRequestExtended' },
  BREACH_NOT_FOUND: { code: 6113, httpStatus: 404, messageKey: 'error.breachNotFound' },
  /** The breach's notification is recorded already. */
  BREACH_ALREADY_NOTIFIED: { code: 6114, httpStatus: 409, messageKey: 'error.breachAlreadyNotified' },
  // The collection rules (issue 23 item 1; decision 122).
  /** A set of collection rules that breaks a rule (a gap between buckets, a link in an SMS, a step without an approved template); the message names the first, `data.problems` every one. */
  COLLECTION_RULES_INVALID: { code: 6130, httpStatus: 400, messageKey: 'error.collectionRulesInvalid' },
  /** A proposal of the rules already in force: nothing would change. */
  COLLECTION_RULES_UNCHANGED: { code: 6131, httpStatus: 409, messageKey: 'error.collectionRulesUnchanged' },
} as const satisfies Record<string, { code: number; httpStatus: number; messageKey: MessageKey }>;

export const ERRORS = { ...BORROWER_ERRORS, ...OPERATOR_ERRORS } as const;

export type ErrorName = keyof typeof ERRORS;
