/** Every route of the back office (under the /admin base), in one place. */
export const paths = {
  home: '/',
  borrowers: '/borrowers',
  borrower: '/borrowers/:userId',
  signIn: '/sign-in',
  enrol: '/enrol',
  operators: '/operators',
  audit: '/audit',
  proposals: '/proposals',
  products: '/products',
  productPropose: '/products/propose',
  creditRules: '/credit-rules',
  reviews: '/reviews',
  review: '/reviews/:reviewId',
  dashboard: '/dashboard',
  ledgerCheck: '/ledger',
  receipts: '/receipts',
  transfers: '/transfers',
  unidentified: '/unmatched',
  reconciliation: '/reconciliation',
  feedback: '/feedback',
  collections: '/collections',
  collectionCase: '/collections/:caseId',
  // Buckets, dunning steps and approved templates (decision 122); a static segment outranks :caseId.
  collectionRules: '/collections/rules',
  // Personal-data protection (decision 116).
  dataRequests: '/data-requests',
  breaches: '/breaches',
} as const;

/** One borrower's page (their number is the id their app shows). */
export function borrowerPath(userId: number): string {
  return paths.borrower.replace(':userId', String(userId));
}

/** One credit review's case page. */
export function reviewPath(reviewId: number): string {
  return paths.review.replace(':reviewId', String(reviewId));
}

/** One collection case's page. */
export function collectionCasePath(caseId: number): string {
  return paths.collectionCase.replace(':caseId', String(caseId));
}

/** A proposal waiting for its second operator, opened on the approvals page. */
export function pendingProposalPath(proposalId: number): string {
  return `${paths.proposals}?status=pending&id=${proposalId}`;
}
