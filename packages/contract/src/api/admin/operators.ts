import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { plainText } from '../../wire.ts';
import { emptyRequestSchema } from '../common.ts';
import { idSchema, operatorEmailSchema, operatorRoleSchema, operatorSchema, reasonSchema } from './common.ts';
import { ADMIN_PATHS } from './paths.ts';

/** Operators managed by admins: invite, change role, deactivate (each audited; sessions revoked on change). */

export const adminOperatorListEndpoint = defineEndpoint({
  id: 'adminListOperators',
  method: 'GET',
  path: ADMIN_PATHS.operators,
  summary: 'Back office: every operator, active, invited or deactivated.',
  module: 'operator',
  request: emptyRequestSchema,
  response: z.object({ items: z.array(operatorSchema) }),
  signed: false,
  session: 'operator',
  permission: 'operators.manage',
  errors: ['ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED'],
});

export const adminOperatorInviteEndpoint = defineEndpoint({
  id: 'adminInviteOperator',
  method: 'POST',
  path: ADMIN_PATHS.operatorInvite,
  summary: 'Back office: invites an operator; answers the one-time enrolment link (valid 72 h) to hand to them.',
  module: 'operator',
  request: z.object({ email: operatorEmailSchema, name: plainText(100).trim().min(1, { error: 'validation.required' }), role: operatorRoleSchema }),
  response: z.object({
    operator: operatorSchema,
    /** `/admin/enrol?token=…`, absolute when PUBLIC_URL is configured. Shown once; only its hash is kept. */
    enrolmentLink: z.string(),
    expiresAt: z.string(),
  }),
  signed: false,
  session: 'operator',
  permission: 'operators.manage',
  audited: 'operator.invite',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'OPERATOR_EMAIL_TAKEN'],
});

export const adminOperatorRoleEndpoint = defineEndpoint({
  id: 'adminChangeOperatorRole',
  method: 'POST',
  path: ADMIN_PATHS.operatorRole,
  summary: "Back office: changes an operator's role (their sessions end: they sign in again).",
  module: 'operator',
  request: z.object({ operatorId: idSchema, role: operatorRoleSchema, reason: reasonSchema.optional() }),
  response: z.object({ operator: operatorSchema }),
  signed: false,
  session: 'operator',
  permission: 'operators.manage',
  audited: 'operator.role',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'OPERATOR_NOT_FOUND', 'OPERATOR_SELF_CHANGE'],
});

export const adminOperatorDeactivateEndpoint = defineEndpoint({
  id: 'adminDeactivateOperator',
  method: 'POST',
  path: ADMIN_PATHS.operatorDeactivate,
  summary: 'Back office: deactivates an operator (sessions and open invitation end at once; the audit keeps their name).',
  module: 'operator',
  request: z.object({ operatorId: idSchema, reason: reasonSchema.optional() }),
  response: z.object({ operator: operatorSchema }),
  signed: false,
  session: 'operator',
  permission: 'operators.manage',
  audited: 'operator.deactivate',
  errors: ['VALIDATION_FAILED', 'ADMIN_HEADER_MISSING', 'SESSION_EXPIRED', 'OPERATOR_PERMISSION_DENIED', 'OPERATOR_NOT_FOUND', 'OPERATOR_SELF_CHANGE'],
});
