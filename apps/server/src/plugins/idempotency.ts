import { canonicalPayload, HEADERS } from '@sen/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyStore } from '../db/idempotency-store.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../shared/app-error.ts';
import type { Clock } from '../shared/clock.ts';
import { sha256Hex } from '../shared/crypto.ts';
import { headerValue } from '../shared/headers.ts';
import { globalPlugin } from '../shared/plugin.ts';

/** A running claim older than this belongs to a request that died; a repeat may take it over. */
export const CLAIM_STALE_MS = 60_000;
/** Visible ASCII, 1-255 characters: UUIDs, ULIDs and any sane client scheme fit. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs money calls at most once per client key (docs/decisions/012-idempotency.md), as Stripe and
 * Apache Fineract do: the key is claimed, the call runs in one unit of work that also stores its
 * response, and a repeat with the same key and body gets that response back. A repeat while the
 * first still runs, or the same key with another body, is refused with 409.
 */
export class Idempotency {
  private readonly store: IdempotencyStore;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {
    this.store = new IdempotencyStore(uow);
  }

  /**
   * Runs `work` once per key: `input` is the parsed request (its canonical JSON is what a repeat
   * must match), `endpointId` the contract endpoint's id (keys are per user and endpoint).
   */
  async run(
    call: { request: FastifyRequest; reply: FastifyReply; endpointId: string; userId: string; input: unknown },
    work: () => Promise<unknown>,
  ): Promise<unknown> {
    const { request, reply } = call;
    const key = headerValue(request, HEADERS.idempotencyKey);
    if (!key || !KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const now = this.clock();
    const claim = await this.store.claim({
      userId: call.userId,
      endpoint: call.endpointId,
      key,
      requestHash: sha256Hex(canonicalPayload(call.input ?? {})),
      now,
      staleBefore: new Date(now.getTime() - CLAIM_STALE_MS),
    });
    if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (claim.kind === 'in-progress') throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    if (claim.kind === 'replay') {
      reply.header(HEADERS.idempotentReplayed, 'true');
      return claim.data;
    }
    try {
      return await this.uow.transaction(async () => {
        const data = await work();
        await this.store.complete(claim, 200, data, this.clock());
        return data;
      });
    } catch (error) {
      // Nothing of the failed run was committed: free the key so the client's retry runs the call.
      // If even this fails, the claim turns stale after CLAIM_STALE_MS and a retry takes it over.
      await this.store.release(claim).catch((releaseError: unknown) => request.log.error({ err: releaseError }, 'idempotency key not released'));
      throw error;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: Idempotency;
  }
}

/** Makes `app.idempotency` available to routes flagged `idempotent` (define-route.ts). */
export const idempotencyPlugin = globalPlugin('sen-idempotency', async (app: FastifyInstance, options: { uow: UnitOfWork; clock: Clock }) => {
  app.decorate('idempotency', new Idempotency(options.uow, options.clock));
});
