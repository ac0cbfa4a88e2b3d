import { AUTH_STATE, findOperator, normalizePhone, type OperatorCompany, type OperatorStepResponse } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { OperatorVerificationProvider } from '../../providers/operator/operator-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CertificationService } from './certification.service.ts';
import type { ProfileRepository } from './profile.repository.ts';

export interface OperatorCaller {
  userId: string;
  /** The signed-in user's phone (normalised). */
  phone: string;
  ip: string;
  deviceId: string | null;
}

/**
 * The operator check (API-FAMILY.md §5.11, the TELECOM item): otp/one asks for the first code,
 * otp/two confirms it and asks for the second, otp/three confirms the last one (Vietnamobile goes
 * from one to three). The attempt's operator and the code awaited are kept per user, so a step out
 * of order, or for another operator than the attempt's, is refused. Only the signed-in user's own
 * number can be checked.
 */
export class OperatorCheckService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly uow: UnitOfWork,
    private readonly certification: CertificationService,
    private readonly provider: OperatorVerificationProvider,
    private readonly clock: Clock,
  ) {}

  private ownPhone(caller: OperatorCaller, phone: string | undefined): string {
    if (phone !== undefined && normalizePhone(phone) !== caller.phone) throw new AppError('OPERATOR_PHONE_MISMATCH');
    return caller.phone;
  }

  /** otp/one: a new attempt (also a resend of the first code, or a correction to another operator). */
  /** Demo data only (SEED_DEMO): the operator step done for the demo borrower's own phone, without codes. */
  async verifyForDemo(userId: string, phone: string): Promise<void> {
    await this.uow.transaction(async () => {
      await this.repository.setOperatorStage({ userId, company: 'vina', stage: 'first', phone, provider: 'demo-seed' });
      await this.repository.markOperatorVerified({ userId, company: 'vina', phone, now: this.clock() });
      await this.certification.markItem(userId, 'TELECOM');
    });
  }

  async start(caller: OperatorCaller, input: { phone?: string | undefined; company: OperatorCompany }): Promise<OperatorStepResponse> {
    const phone = this.ownPhone(caller, input.phone);
    const sent = await this.provider.sendCode({ phone, company: input.company, step: 1, ip: caller.ip, deviceId: caller.deviceId });
    await this.repository.setOperatorStage({ userId: caller.userId, company: input.company, stage: 'first', phone, provider: this.provider.name });
    const next = findOperator(input.company)?.codeSteps === 1 ? 'three' : 'two';
    return { next, codeLength: sent.codeLength, resendAfterSeconds: sent.resendAfterSeconds };
  }

  /** otp/two: confirms the first code and sends the second; without `otp` while the second is awaited, resends it. */
  async second(caller: OperatorCaller, input: { phone?: string | undefined; company: OperatorCompany; otp?: string | undefined }): Promise<OperatorStepResponse> {
    const phone = this.ownPhone(caller, input.phone);
    if (findOperator(input.company)?.codeSteps === 1) throw new AppError('OPERATOR_STEP');
    const check = await this.repository.operatorCheck(caller.userId);
    if (!check || check.company !== input.company || check.phone !== phone) throw new AppError('OPERATOR_STEP');
    if (input.otp === undefined) {
      if (check.stage !== 'second') throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.otp.required' });
    } else {
      if (check.stage !== 'first') throw new AppError('OPERATOR_STEP');
      await this.provider.verifyCode({ phone, company: input.company, step: 1, code: input.otp });
      await this.repository.setOperatorStage({ userId: caller.userId, company: input.company, stage: 'second', phone, provider: this.provider.name });
    }
    const sent = await this.provider.sendCode({ phone, company: input.company, step: 2, ip: caller.ip, deviceId: caller.deviceId });
    return { next: 'three', codeLength: sent.codeLength, resendAfterSeconds: sent.resendAfterSeconds };
  }

  /** otp/three: confirms the last code; the operator is verified and TELECOM done, in one transaction. */
  async finish(caller: OperatorCaller, input: { phone?: string | undefined; company: OperatorCompany; otp: string }): Promise<OperatorStepResponse> {
    const phone = this.ownPhone(caller, input.phone);
    const step = findOperator(input.company)?.codeSteps === 1 ? 1 : 2;
    const awaited = step === 1 ? 'first' : 'second';
    const check = await this.repository.operatorCheck(caller.userId);
    if (!check || check.company !== input.company || check.phone !== phone || check.stage !== awaited) throw new AppError('OPERATOR_STEP');
    await this.provider.verifyCode({ phone, company: input.company, step, code: input.otp });
    await this.uow.transaction(async () => {
      const locked = await this.repository.lockOperatorCheck(caller.userId);
      if (!locked || locked.company !== input.company || locked.stage !== awaited) throw new AppError('OPERATOR_STEP');
      await this.repository.markOperatorVerified({ userId: caller.userId, company: input.company, phone, now: this.clock() });
      await this.certification.markItem(caller.userId, 'TELECOM', AUTH_STATE.DONE);
    });
    return { next: 'done', codeLength: 0, resendAfterSeconds: 0 };
  }
}
