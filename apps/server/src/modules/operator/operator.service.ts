import type { OperatorRole, OperatorView } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { randomToken, sha256Hex } from '../../shared/crypto.ts';
import type { FieldCipher } from '../../shared/field-cipher.ts';
import type { OperatorInfo } from '../../types.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { OperatorRepository, OperatorRow } from './operator.repository.ts';
import { toOperatorView } from './operator-views.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The path of the enrolment page an invitation links to (the admin app's route). */
export const ENROLMENT_PATH = '/admin/enrol';

/** The demo admin of SEED_DEMO (never in production): documented in the README for demos and e2e journeys. */
export const DEMO_ADMIN = {
  email: 'admin@sen.local',
  name: 'Demo Admin',
  password: 'sen-admin-demo-2026',
  /** A fixed base32 TOTP secret (20 bytes), so people and journeys can compute codes. */
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** Operators managed by admins (decision 089): invite, change role, deactivate; and the first operator from the command line. */
export class OperatorService {
  constructor(
    private readonly repository: OperatorRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly cipher: FieldCipher,
    private readonly invitationHours: number,
  ) {}

  async list(): Promise<OperatorView[]> {
    return (await this.repository.list()).map(toOperatorView);
  }

  async view(operatorId: number): Promise<OperatorView> {
    const row = await this.repository.findById(operatorId);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND');
    return toOperatorView(row);
  }

  /**
   * A new operator (status invited) and a one-time invitation; answers the raw token once (only
   * its hash is kept). `invitedBy` null: the command line. A deactivated operator's address stays taken.
   */
  async invite(input: { email: string; name: string; role: OperatorRole }, invitedBy: number | null): Promise<{ operator: OperatorView; token: string; expiresAt: Date }> {
    return this.uow.transaction(async () => {
      const now = this.clock();
      const operator = await this.repository.insert({ email: input.email, name: input.name, role: input.role, status: 'invited', createdAt: now, updatedAt: now });
      if (!operator) throw new AppError('OPERATOR_EMAIL_TAKEN');
      const { token, expiresAt } = await this.newInvitation(operator.id, invitedBy, now);
      return { operator: toOperatorView(operator), token, expiresAt };
    });
  }

  /** The command line's invitation: a new operator, or a fresh link for one not yet signed in (an earlier link ends). */
  async inviteFromCommandLine(input: { email: string; name: string; role: OperatorRole }): Promise<{ operator: OperatorView; token: string; expiresAt: Date }> {
    return this.uow.transaction(async () => {
      const existing = await this.repository.findByEmail(input.email);
      if (!existing) return this.invite(input, null);
      if (existing.status !== 'invited') throw new AppError('OPERATOR_EMAIL_TAKEN');
      const now = this.clock();
      await this.repository.closeInvitations(existing.id, now);
      const updated = await this.repository.update(existing.id, { role: input.role, name: input.name, updatedAt: now });
      return { operator: toOperatorView(updated), ...(await this.newInvitation(existing.id, null, now)) };
    });
  }

  async changeRole(actor: OperatorInfo, operatorId: number, role: OperatorRole): Promise<{ before: OperatorView; after: OperatorView }> {
    if (actor.operatorId === operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
    return this.uow.transaction(async () => {
      const row = await this.locked(operatorId);
      const now = this.clock();
      const updated = await this.repository.update(operatorId, { role, updatedAt: now });
      // The new role takes effect at the next sign-in: every session of the old role ends now.
      if (row.role !== role) await this.repository.revokeAllSessions(operatorId, now, 'role_change');
      return { before: toOperatorView(row), after: toOperatorView(updated) };
    });
  }

  async deactivate(actor: OperatorInfo, operatorId: number): Promise<{ before: OperatorView; after: OperatorView }> {
    if (actor.operatorId === operatorId) throw new AppError('OPERATOR_SELF_CHANGE');
    return this.uow.transaction(async () => {
      const row = await this.locked(operatorId);
      const now = this.clock();
      const updated = await this.repository.update(operatorId, { status: 'deactivated', updatedAt: now });
      await this.repository.revokeAllSessions(operatorId, now, 'deactivated');
      await this.repository.closeInvitations(operatorId, now);
      await this.repository.closeSteps(operatorId, now);
      return { before: toOperatorView(row), after: toOperatorView(updated) };
    });
  }

  /** SEED_DEMO: the demo admin, signed-in-ready (password and the fixed TOTP secret); idempotent. */
  async seedDemoAdmin(): Promise<void> {
    if (await this.repository.findByEmail(DEMO_ADMIN.email)) return;
    const now = this.clock();
    await this.repository.insert({
      email: DEMO_ADMIN.email,
      name: DEMO_ADMIN.name,
      role: 'admin',
      status: 'active',
      passwordHash: await this.hasher.hash(DEMO_ADMIN.password),
      totpSecretCipher: this.cipher.encrypt(DEMO_ADMIN.totpSecret),
      totpEnrolledAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }

  private async locked(operatorId: number): Promise<OperatorRow> {
    const row = await this.repository.lock(operatorId);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND');
    return row;
  }

  private async newInvitation(operatorId: number, invitedBy: number | null, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + this.invitationHours * HOUR_MS);
    await this.repository.insertInvitation({ tokenHash: sha256Hex(token), operatorId, invitedBy, createdAt: now, expiresAt });
    return { token, expiresAt };
  }
}
