import { normalizePhone, type LoginResponse } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionInfo } from '../../types.ts';
import type { UserRepository, UserRow } from '../user/user.repository.ts';
import type { OtpService } from './otp.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';

/**
 * How long after an OTP login the session may set a new password without the old one (the
 * forgotten-password path). A stolen or forgotten-open OTP session cannot take the account over later.
 */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60 * 1000;

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

  /**
   * Unknown phone, no password set and wrong password are one error, reached in about the same
   * time: the answer never tells whether a phone number borrows with us.
   */
  async loginPassword(rawPhone: string, passwd: string): Promise<LoginResponse> {
    const user = await this.users.findByPhone(normalizePhone(rawPhone));
    if (!user?.passwordHash) {
      await this.passwords.verifyAgainstDummy(passwd);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await this.passwords.verify(user.passwordHash, passwd))) throw new AppError('LOGIN_FAILED');
    return loginResponse(user, await this.sessions.issue(user.id, 'password'));
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP login within the last
   * PASSWORD_RESET_WINDOW_MS). Otherwise the old password is needed (password/update).
   * Every older session is revoked.
   */
  async setPassword(session: SessionInfo, passwd: string): Promise<{ token: string }> {
    const user = await this.requireUser(session);
    const recentOtpLogin =
      session.loginMethod === 'sms' && this.clock().getTime() - session.createdAt.getTime() <= PASSWORD_RESET_WINDOW_MS;
    if (user.passwordHash && !recentOtpLogin) throw new AppError('PASSWORD_ALREADY_SET');
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
