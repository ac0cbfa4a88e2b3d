export type { OperatorAuthService } from './operator-auth.service.ts';
export type { OperatorService } from './operator.service.ts';
export { DEMO_ADMIN, ENROLMENT_PATH } from './operator.service.ts';
export type { ProposalService, ProposalKindHandler, ProposalDecision } from './proposal.service.ts';
export type { OperatorAuditService } from './operator-audit.service.ts';
