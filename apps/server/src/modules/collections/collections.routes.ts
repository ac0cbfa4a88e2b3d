import { adminEndpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import type { Composition } from '../../compose.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';

/** Collections (decisions 098, 099, 122): cases, a case's page, contacts through the governor, promises, assignment, the rules. */
export function registerCollectionsRoutes(app: FastifyInstance, { services: { collections, collectionRules, proposals } }: Composition): void {
  registerEndpoint(app, adminEndpoints.collectionCases, ({ input, operator }) => collections.list(input, operator.operatorId));
  registerEndpoint(app, adminEndpoints.collectionCase, ({ input }) => collections.detail(input.caseId));
  // A refused contact is recorded and audited like an allowed one: the refusal is the answer, not an error.
  registerEndpoint(app, adminEndpoints.collectionContact, async ({ input, operator, audit, request }) => {
    if (input.channel === 'note') {
      const id = await collections.note(input.caseId, operator.operatorId, input.note ?? '');
      const contact = await collections.contactView(id);
      await audit({ targetType: 'collection_case', targetId: input.caseId, after: contact });
      return { contact, refusal: null };
    }
    const result = await collections.contact({ ...input, channel: input.channel, operatorId: operator.operatorId });
    const contact = await collections.contactView(result.contactId!);
    await audit({ action: result.refusal ? 'collection.contactRefused' : 'collection.contact', targetType: 'collection_case', targetId: input.caseId, after: contact });
    return { contact, refusal: collections.refusal(request.lang, result) };
  });
  registerEndpoint(app, adminEndpoints.collectionPromise, async ({ input, operator, audit }) => {
    const promise = await collections.promise(input.caseId, operator.operatorId, input);
    await audit({ targetType: 'collection_case', targetId: input.caseId, after: promise, reason: input.note ?? null });
    return { promise };
  });
  registerEndpoint(app, adminEndpoints.collectionAssign, async ({ input, audit }) => {
    const { before, after } = await collections.assign(input.caseId, input.operatorId);
    await audit({ targetType: 'collection_case', targetId: input.caseId, before: { assignee: before.assignee }, after: { assignee: after.assignee, assignedBy: after.assignedBy } });
    return { case: after };
  });

  // The collection rules (decision 122): read by anyone who reads collections; a change is a
  // `collections.rules` proposal, applied when another operator approves it.
  registerEndpoint(app, adminEndpoints.collectionRules, async () => {
    const [current, openCases, pending, approved] = await Promise.all([
      collectionRules.current(),
      collectionRules.openCases(),
      proposals.list({ status: 'pending', kind: 'collections.rules' }, 1),
      proposals.list({ status: 'approved', kind: 'collections.rules' }, 1),
    ]);
    return { current, openCases, pending: pending.items[0] ?? null, lastApproved: approved.items[0] ?? null };
  });
  registerEndpoint(app, adminEndpoints.collectionRulesPropose, async ({ input, operator, audit, request }) => {
    // Checked first in the caller's language (every problem listed); the proposal checks it again.
    await collectionRules.check(input.rules, request.lang);
    const proposal = await proposals.propose(operator, 'collections.rules', input.rules, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });
}
