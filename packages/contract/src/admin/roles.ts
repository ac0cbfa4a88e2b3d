/**
 * Operators' roles and what each may do (issue 22; docs/decisions/090-permissions-in-the-contract-and-audit-trail.md).
 * One table, read by the server (every admin endpoint declares the permission it needs and the
 * server checks it) and by the back office (which hides what a role cannot do).
 */
export const OPERATOR_ROLES = ['viewer', 'reviewer', 'collector', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  /** Search borrowers and read their page (masked personal data), their feedback. */
  'borrowers.read',
  /** Reveal a borrower's full ID number or ID images, with a stated reason (audited). */
  'borrowers.reveal',
  /** Decide the credit reviews the engine leaves to people. */
  'reviews.decide',
  /** Read loan products, their version history and the rate cap; the credit rules and theirs. */
  'products.read',
  /** Propose a product or credit-rule change (applied only when another operator approves). */
  'products.propose',
  /** Read proposals (four-eyes queue). */
  'proposals.read',
  /** Approve or reject another operator's proposal. */
  'proposals.approve',
  /** Invite operators, change their role, deactivate them. */
  'operators.manage',
  /** Search and export the audit trail. */
  'audit.read',
  /** Dashboards and the conversion funnel. */
  'dashboards.read',
  /** The ledger check and bank transfers of the collection account. */
  'ledger.read',
  /** Repayment receipts: list them, propose a match (money: four-eyes) or reject one. */
  'receipts.review',
  /** Work collections (the servicing issue): log contacts, send SMS and messages, record promises. */
  'collections.work',
  /** Read collection cases, their contact log and promises (decision 098). */
  'collections.read',
  /** Assign collection cases to collectors by hand. */
  'collections.assign',
  /** Propose a change of the collection rules: buckets, dunning steps, approved templates (four-eyes; decision 122). */
  'collections.rules',
  /** Propose a refund of an overpayment or a loan's write-off (money: four-eyes; decision 100). */
  'loans.service',
  /** Borrowers' data-subject requests: the queue, extend once, complete, refuse (decision 116). */
  'privacy.requests',
  /** The personal-data breach register and its 72-hour notification clock (decision 116). */
  'privacy.breaches',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role holds. Admin holds everything; four-eyes still needs a second operator. */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  viewer: ['borrowers.read', 'products.read', 'proposals.read', 'dashboards.read', 'collections.read'],
  reviewer: ['borrowers.read', 'borrowers.reveal', 'reviews.decide', 'products.read', 'proposals.read', 'dashboards.read', 'privacy.requests'],
  collector: ['borrowers.read', 'products.read', 'proposals.read', 'dashboards.read', 'collections.work', 'collections.read'],
  finance: [
    'borrowers.read',
    'products.read',
    'products.propose',
    'proposals.read',
    'proposals.approve',
    'dashboards.read',
    'ledger.read',
    'receipts.review',
    'collections.read',
    'loans.service',
  ],
  admin: PERMISSIONS,
};

export function roleHasPermission(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The back office's CSRF header: every /api/admin call carries it (a cross-site form cannot set it). */
export const ADMIN_CSRF_HEADER = 'x-sen-admin';
export const ADMIN_CSRF_VALUE = '1';
/** The operator session cookie (HttpOnly, SameSite=Strict, Path=/api/admin). */
export const ADMIN_SESSION_COOKIE = 'sen_admin';
/** A random id per browser; the session is bound to it and to the user agent. */
export const ADMIN_BROWSER_COOKIE = 'sen_admin_browser';
export const ADMIN_PATH_PREFIX = '/api/admin/';
/** Operator passwords: at least this many characters (no composition rules; NIST SP 800-63B). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;
