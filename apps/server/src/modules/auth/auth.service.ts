import type { LoginSession, ParsedLoginRequest } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionInfo } from '../../types.ts';
import type { UserRow, UserService } from '../user/index.ts';
import type { OtpService } from './otp.service.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';

/**
 * How long after an OTP login the session may set a new password without the old one (the
 * forgotten-password path). A stolen or forgotten-open OTP session cannot take the account over later.
 */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60 * 1000;

/** The fixed parts of a login session (API-FAMILY.md §3.2): the lender's app and channel ids. */
export interface LoginSessionOptions {
  appId: number;
  channelId: number;
}

/** Sending codes, logins (OTP, password), password set and change, logout. */
export class AuthService {
  constructor(
    private readonly users: UserService,
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordHasher,
    private readonly clock: Clock,
    private readonly sessionOptions: LoginSessionOptions,
  ) {}

  private loginSession(user: UserRow, token: string, passwordSet = user.passwordHash !== null): LoginSession {
    return {
      token,
      id: user.publicId,
      phone: user.phone,
      passwdSign: passwordSet ? 1 : 0,
      appId: this.sessionOptions.appId,
      channelId: this.sessionOptions.channelId,
      activityUrl: null,
    };
  }

  /** Sends a login code to a (normalised) phone; the caller's IP and device count towards the limits. */
  async sendCode(input: { phone: string; ip: string; deviceId: string | null }): Promise<true> {
    await this.otp.send(input);
    return true;
  }

  login(request: ParsedLoginRequest): Promise<LoginSession> {
    return request.credential.type === 'sms'
      ? this.loginWithCode(request.phone, request.credential.smsCode)
      : this.loginWithPassword(request.phone, request.credential.passwd);
  }

  /** OTP login; the first one creates the user (passwdSign 0 until a password is set). */
  private async loginWithCode(phone: string, smsCode: string): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode);
    const user = await this.users.findOrCreate(phone);
    return this.loginSession(user, await this.sessions.issue(user.id, 'sms'));
  }

  /**
   * Unknown phone, no password set and wrong password are one error, reached in about the same
   * time: the answer never tells whether a phone number borrows with us.
   */
  private async loginWithPassword(phone: string, passwd: string): Promise<LoginSession> {
    const user = await this.users.findByPhone(phone);
    if (!user?.passwordHash) {
      await this.passwords.verifyAgainstDummy(passwd);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await this.passwords.verify(user.passwordHash, passwd))) throw new AppError('LOGIN_FAILED');
    return this.loginSession(user, await this.sessions.issue(user.id, 'password'));
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP login within the last
   * PASSWORD_RESET_WINDOW_MS). Otherwise the old password is needed (password/update).
   * Every older session is revoked.
   */
  async setPassword(session: SessionInfo, newPasswd: string): Promise<LoginSession> {
    const user = await this.requireUser(session);
    const recentOtpLogin =
      session.loginMethod === 'sms' && this.clock().getTime() - session.createdAt.getTime() <= PASSWORD_RESET_WINDOW_MS;
    if (user.passwordHash && !recentOtpLogin) throw new AppError('PASSWORD_ALREADY_SET');
    return this.replacePassword(user, newPasswd);
  }

  /** The forgotten password: a login code proves the phone; a phone new to Sen becomes a user. */
  async updatePasswordByCode(phone: string, smsCode: string, newPasswd: string): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode);
    return this.replacePassword(await this.users.findOrCreate(phone), newPasswd);
  }

  async updatePasswordByOldPassword(session: SessionInfo, oldPasswd: string, newPasswd: string): Promise<LoginSession> {
    const user = await this.requireUser(session);
    if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET');
    if (!(await this.passwords.verify(user.passwordHash, oldPasswd))) throw new AppError('OLD_PASSWORD_INCORRECT');
    return this.replacePassword(user, newPasswd);
  }

  logout(session: SessionInfo): Promise<void> {
    return this.sessions.revoke(session.sessionId);
  }

  private async requireUser(session: SessionInfo): Promise<UserRow> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  private async replacePassword(user: UserRow, newPasswd: string): Promise<LoginSession> {
    await this.users.setPasswordHash(user.id, await this.passwords.hash(newPasswd));
    await this.sessions.revokeAll(user.id);
    return this.loginSession(user, await this.sessions.issue(user.id, 'password_set'), true);
  }
}
