import { normalizePhone, type LoginResponse } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionInfo } from '../../types.ts';
import type { UserRepository, UserRow } from '../user/user.repository.ts';
import type { OtpService } from './otp.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';

function loginResponse(user: UserRow, token: string): LoginResponse {
  return { token, id: user.id, phone: user.phone, passwdSign: user.passwordHash ? 1 : 0 };
}

/** Logins (OTP, password), password set and change, logout. */
export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  /** OTP login; the first one creates the user (passwdSign 0 until a password is set). */
  async loginSms(rawPhone: string, smsCode: string): Promise<LoginResponse> {
    const phone = normalizePhone(rawPhone);
    await this.otp.verify(phone, smsCode);
    const user = await this.users.findOrCreate(phone, this.clock());
    return loginResponse(user, await this.sessions.issue(user.id, 'sms'));
  }

  /** Unknown phone and wrong password are one error, reached in about the same time. */
  async loginPassword(rawPhone: string, passwd: string): Promise<LoginResponse> {
    const user = await this.users.findByPhone(normalizePhone(rawPhone));
    if (!user) {
      await this.passwords.verifyAgainstDummy(passwd);
      throw new AppError('LOGIN_FAILED');
    }
    if (!user.passwordHash) {
      await this.passwords.verifyAgainstDummy(passwd);
      throw new AppError('PASSWORD_NOT_SET');
    }
    if (!(await this.passwords.verify(user.passwordHash, passwd))) throw new AppError('LOGIN_FAILED');
    return loginResponse(user, await this.sessions.issue(user.id, 'password'));
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP-login session). A session
   * from a password login must use password/update instead. Every older session is revoked.
   */
  async setPassword(session: SessionInfo, passwd: string): Promise<{ token: string }> {
    const user = await this.requireUser(session);
    if (user.passwordHash && session.loginMethod !== 'sms') throw new AppError('PASSWORD_ALREADY_SET');
    return this.replacePassword(user.id, passwd);
  }

  async updatePassword(session: SessionInfo, oldPasswd: string, passwd: string): Promise<{ token: string }> {
    const user = await this.requireUser(session);
    if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET');
    if (!(await this.passwords.verify(user.passwordHash, oldPasswd))) throw new AppError('OLD_PASSWORD_INCORRECT');
    return this.replacePassword(user.id, passwd);
  }

  logout(session: SessionInfo): Promise<void> {
    return this.sessions.revoke(session.sessionId);
  }

  private async requireUser(session: SessionInfo): Promise<UserRow> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  private async replacePassword(userId: string, passwd: string): Promise<{ token: string }> {
    await this.users.setPasswordHash(userId, await this.passwords.hash(passwd), this.clock());
    await this.sessions.revokeAll(userId);
    return { token: await this.sessions.issue(userId, 'password_set') };
  }
}
