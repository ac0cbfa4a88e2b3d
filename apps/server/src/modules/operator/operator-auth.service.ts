import type { OperatorView, SignInStep } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { FieldCipher } from '../../shared/field-cipher.ts';
import type { OperatorInfo } from '../../types.ts';
import type { AuditService } from '../audit/index.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { OperatorRepository, OperatorRow } from './operator.repository.ts';
import { toOperatorView } from './operator-views.ts';
import { matchTotpStep, newTotpSecret, totpEnrolment } from './totp.ts';

const MINUTE_MS = 60_000;
/** A pending sign-in step lives this long. */
const STEP_TTL_MS = 5 * MINUTE_MS;
/** Last use is written at most this often per session. */
const TOUCH_EVERY_MS = MINUTE_MS;

export interface OperatorAuthOptions {
  idleMinutes: number;
  maxHours: number;
  failuresBeforeLock: number;
  lockMinutes: number;
  /** The issuer authenticator apps show (the product name). */
  issuer: string;
}

/** Where a back-office request came from: the browser binding and what the security events keep. */
export interface OperatorOrigin {
  ip: string | null;
  /** sha256 of the browser's random id cookie and user agent (decision 089). */
  browserHash: string;
}

type Failure = 'password' | 'totp_incorrect' | 'totp_replayed';

/**
 * Operators' sign-in (decision 089): password (argon2id), then a TOTP code that is always asked
 * (enrolled by QR code at the first sign-in), a lock after repeated failures, and short sessions
 * bound to one browser. Every success and failure is a security event.
 */
export class OperatorAuthService {
  constructor(
    private readonly repository: OperatorRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly cipher: FieldCipher,
    private readonly securityEvents: AuditService,
    private readonly options: OperatorAuthOptions,
  ) {}

  async signInWithPassword(email: string, password: string, origin: OperatorOrigin): Promise<SignInStep> {
    const found = await this.repository.findByEmail(email);
    if (!found || found.status !== 'active' || !found.passwordHash) {
      await this.hasher.verifyAgainstDummy(password);
      await this.event('failure', origin, found?.id ?? null, 'password', { reason: found ? `status_${found.status}` : 'unknown_email' });
      throw new AppError('OPERATOR_SIGN_IN_FAILED');
    }
    await this.refuseWhileLocked(found, origin);
    const passwordOk = await this.hasher.verify(found.passwordHash, password);
    if (!passwordOk) return this.fail(found.id, 'password', origin);
    const step = found.totpEnrolledAt ? 'totp' : 'enrol';
    const pendingToken = await this.uow.transaction(async () => {
      await this.repository.closeSteps(found.id, this.clock());
      return this.openStep(found.id, step, origin);
    });
    await this.event('success', origin, found.id, 'password', { next: step });
    return { step, pendingToken };
  }

  /** The secret to enrol for a pending sign-in at the enrol step; the same one if asked again. */
  async enrolment(pendingToken: string, origin: OperatorOrigin): Promise<{ otpauthUri: string; qrSvg: string; secret: string }> {
    const { secret, email } = await this.uow.transaction(async () => {
      const step = await this.liveStep(pendingToken, origin);
      if (step.step !== 'enrol') throw new AppError('OPERATOR_STEP_EXPIRED');
      const operator = await this.repository.findById(step.operatorId);
      if (!operator || operator.status !== 'active') throw new AppError('OPERATOR_STEP_EXPIRED');
      if (step.totpSecretCipher) return { secret: this.cipher.decrypt(step.totpSecretCipher), email: operator.email };
      const created = newTotpSecret();
      await this.repository.updateStep(step.id, { totpSecretCipher: this.cipher.encrypt(created) });
      return { secret: created, email: operator.email };
    });
    return { ...(await totpEnrolment(secret, this.options.issuer, email)), secret };
  }

  /** The code of a pending sign-in: a new session (its token for the cookie) and the operator. */
  async signInWithTotp(pendingToken: string, code: string, origin: OperatorOrigin): Promise<{ token: string; operator: OperatorView }> {
    const outcome = await this.uow.transaction(async () => {
      const now = this.clock();
      const step = await this.liveStep(pendingToken, origin);
      const operator = await this.repository.lock(step.operatorId);
      if (!operator || operator.status !== 'active') throw new AppError('OPERATOR_STEP_EXPIRED');
      const secretCipher = step.step === 'enrol' ? step.totpSecretCipher : operator.totpSecretCipher;
      if (!secretCipher) throw new AppError('OPERATOR_STEP_EXPIRED');
      if (operator.lockedUntil && operator.lockedUntil > now) return { kind: 'locked' as const, operator };
      const timeStep = await matchTotpStep(this.cipher.decrypt(secretCipher), code, now);
      if (timeStep === null) return { kind: 'failed' as const, failure: 'totp_incorrect' as const, operator };
      if (!(await this.repository.acceptTotpStep(operator.id, timeStep, now))) return { kind: 'failed' as const, failure: 'totp_replayed' as const, operator };
      if (step.step === 'enrol') await this.repository.update(operator.id, { totpSecretCipher: secretCipher, totpEnrolledAt: now, updatedAt: now });
      await this.repository.updateStep(step.id, { usedAt: now });
      const token = randomToken();
      await this.repository.insertSession({
        tokenHash: sha256Hex(token),
        operatorId: operator.id,
        browserHash: origin.browserHash,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + this.options.maxHours * 60 * MINUTE_MS),
        ip: origin.ip,
      });
      return { kind: 'signedIn' as const, token, operator: (await this.repository.findById(operator.id))! };
    });
    if (outcome.kind === 'locked') await this.refuseWhileLocked(outcome.operator, origin);
    if (outcome.kind === 'failed') return this.fail(outcome.operator.id, outcome.failure, origin);
    if (outcome.kind !== 'signedIn') throw new Error('unreachable');
    await this.event('success', origin, outcome.operator.id, 'totp', { enrolled: true });
    return { token: outcome.token, operator: toOperatorView(outcome.operator) };
  }

  /** An invitation's token and the chosen password: the operator is active and goes on to enrol TOTP. */
  async acceptInvitation(token: string, password: string, name: string | undefined, origin: OperatorOrigin): Promise<SignInStep> {
    const passwordHash = await this.hasher.hash(password);
    const result = await this.uow.transaction(async () => {
      const now = this.clock();
      const invitation = await this.repository.lockLiveInvitation(sha256Hex(token), now);
      if (!invitation) return null;
      const operator = await this.repository.lock(invitation.operatorId);
      if (!operator || operator.status === 'deactivated') return null;
      await this.repository.useInvitation(invitation.id, now);
      await this.repository.update(operator.id, {
        passwordHash,
        status: 'active',
        ...(name ? { name } : {}),
        // A new invitation starts the second factor over: the old authenticator no longer signs in.
        totpSecretCipher: null,
        totpEnrolledAt: null,
        totpLastStep: null,
        failedAttempts: 0,
        lockedUntil: null,
        updatedAt: now,
      });
      await this.repository.closeSteps(operator.id, now);
      await this.repository.revokeAllSessions(operator.id, now, 'invitation');
      return { operatorId: operator.id, pendingToken: await this.openStep(operator.id, 'enrol', origin) };
    });
    if (!result) {
      await this.event('failure', origin, null, 'invitation', { reason: 'invalid' });
      throw new AppError('INVITATION_INVALID');
    }
    await this.event('success', origin, result.operatorId, 'invitation', {});
    return { step: 'enrol', pendingToken: result.pendingToken };
  }

  /**
   * The operator of a session token presented from `browserHash`: null when unknown, revoked,
   * idle too long, past its 12 hours, from another browser, or its operator is no longer active.
   */
  async resolveSession(token: string, browserHash: string): Promise<OperatorInfo | null> {
    const now = this.clock();
    const found = await this.repository.findLiveSession(sha256Hex(token), now, new Date(now.getTime() - this.options.idleMinutes * MINUTE_MS));
    if (!found || found.session.browserHash !== browserHash) return null;
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await this.repository.touchSession(found.session.id, now);
    const { operator } = found;
    return { sessionId: found.session.id, operatorId: operator.id, email: operator.email, name: operator.name, role: operator.role };
  }

  async logout(operator: OperatorInfo, origin: OperatorOrigin): Promise<void> {
    await this.repository.revokeSession(operator.sessionId, this.clock(), 'logout');
    // Security events are written outside any transaction (they must stand when a change rolls
    // back), so inside the logout's audited unit the event waits for its commit.
    const record = () => this.event('success', origin, operator.operatorId, 'logout', {});
    if (this.uow.inTransaction) this.uow.afterCommit(record);
    else await record();
  }

  private async openStep(operatorId: number, step: 'totp' | 'enrol', origin: OperatorOrigin): Promise<string> {
    const token = randomToken();
    const now = this.clock();
    await this.repository.insertStep({ tokenHash: sha256Hex(token), operatorId, step, browserHash: origin.browserHash, createdAt: now, expiresAt: new Date(now.getTime() + STEP_TTL_MS) });
    return token;
  }

  private async liveStep(pendingToken: string, origin: OperatorOrigin) {
    const step = await this.repository.lockLiveStep(sha256Hex(pendingToken), this.clock());
    if (!step || step.browserHash !== origin.browserHash) throw new AppError('OPERATOR_STEP_EXPIRED');
    return step;
  }

  private async refuseWhileLocked(operator: Pick<OperatorRow, 'id' | 'lockedUntil'>, origin: OperatorOrigin): Promise<void> {
    const now = this.clock();
    if (!operator.lockedUntil || operator.lockedUntil <= now) return;
    const retryAfterSeconds = Math.ceil((operator.lockedUntil.getTime() - now.getTime()) / 1000);
    await this.event('refused', origin, operator.id, 'locked', { retryAfterSeconds });
    throw new AppError('OPERATOR_LOCKED', { params: { minutes: Math.ceil(retryAfterSeconds / 60) }, data: { retryAfterSeconds } });
  }

  /** Counts a failure (its own transaction, so it stands), locks at the limit, records it, and refuses. */
  private async fail(operatorId: number, failure: Failure, origin: OperatorOrigin): Promise<never> {
    const locked = await this.uow.transaction(async () => {
      const now = this.clock();
      const operator = await this.repository.lock(operatorId);
      if (!operator) return false;
      const failedAttempts = operator.failedAttempts + 1;
      const lock = failedAttempts >= this.options.failuresBeforeLock;
      await this.repository.update(operatorId, {
        failedAttempts: lock ? 0 : failedAttempts,
        ...(lock ? { lockedUntil: new Date(now.getTime() + this.options.lockMinutes * MINUTE_MS) } : {}),
        updatedAt: now,
      });
      return lock;
    });
    await this.event('failure', origin, operatorId, failure === 'password' ? 'password' : 'totp', { reason: failure, locked });
    if (locked) await this.event('refused', origin, operatorId, 'locked', { lockMinutes: this.options.lockMinutes });
    if (failure === 'password') throw new AppError('OPERATOR_SIGN_IN_FAILED');
    throw new AppError(failure === 'totp_replayed' ? 'OPERATOR_TOTP_REPLAYED' : 'OPERATOR_TOTP_INCORRECT');
  }

  private event(result: 'success' | 'failure' | 'refused', origin: OperatorOrigin, operatorId: number | null, method: string, detail: Record<string, string | number | boolean>) {
    return this.securityEvents.record({
      type: method === 'locked' ? 'operator_locked' : method === 'logout' ? 'operator_sign_out' : 'operator_sign_in',
      result,
      method,
      ip: origin.ip,
      detail: { ...(operatorId !== null ? { operatorId } : {}), ...detail },
    });
  }
}
