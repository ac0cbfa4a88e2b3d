import type { LoginSession, ParsedLoginRequest } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionInfo } from '../../types.ts';
import type { RequestOrigin } from '../audit/index.ts';
import type { UserRow, UserService } from '../user/index.ts';
import type { AuthSecurity } from './auth-security.ts';
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
    private readonly security: AuthSecurity,
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

  /**
   * Sends a login code to a (normalised) phone; the caller's IP and device count towards the
   * limits. `botCheckPassed`: the caller redeemed a bot-check solution (needed near the limits).
   */
  async sendCode(input: { phone: string; ip: string; deviceId: string | null; botCheckPassed: boolean }): Promise<true> {
    await this.otp.send(input);
    return true;
  }

  login(request: ParsedLoginRequest, origin: RequestOrigin): Promise<LoginSession> {
    return request.credential.type === 'sms'
      ? this.loginWithCode(request.phone, request.credential.smsCode, origin)
      : this.loginWithPassword(request.phone, request.credential.passwd, origin);
  }

  /** OTP login; the first one creates the user (passwdSign 0 until a password is set). */
  private async loginWithCode(phone: string, smsCode: string, origin: RequestOrigin): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode).catch((error: unknown) => this.security.codeRefused(error, { phone, origin, type: 'login' }));
    await this.security.codeProvedPhone(phone);
    const user = await this.users.findOrCreate(phone);
    const session = await this.sessions.issue(user.id, 'sms', origin.deviceId ?? null);
    await this.security.loggedIn({ userId: user.id, sessionId: session.sessionId, method: 'sms', origin });
    return this.loginSession(user, session.token);
  }

  /**
   * Unknown phone, no password set and wrong password are one error, reached in about the same
   * time: the answer never tells whether a phone number borrows with us. The brake counts
   * guesses per phone, known or not, and refuses them before any hashing once it locks.
   */
  private async loginWithPassword(phone: string, passwd: string, origin: RequestOrigin): Promise<LoginSession> {
    const user = await this.users.findByPhone(phone);
    const passwordHash = user?.passwordHash ?? null;
    const right = await this.security.checkPassword({ phone, userId: user?.id ?? null, origin, check: 'login' }, async () => {
      if (passwordHash === null) {
        await this.passwords.verifyAgainstDummy(passwd);
        return false;
      }
      return this.passwords.verify(passwordHash, passwd);
    });
    if (!right || !user) throw new AppError('LOGIN_FAILED');
    const session = await this.sessions.issue(user.id, 'password', origin.deviceId ?? null);
    await this.security.loggedIn({ userId: user.id, sessionId: session.sessionId, method: 'password', origin });
    return this.loginSession(user, session.token);
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP login within the last
   * PASSWORD_RESET_WINDOW_MS). Otherwise the old password is needed (password/update).
   * Every older session is revoked.
   */
  async setPassword(session: SessionInfo, newPasswd: string, origin: RequestOrigin): Promise<LoginSession> {
    const user = await this.requireUser(session);
    const recentOtpLogin =
      session.loginMethod === 'sms' && this.clock().getTime() - session.createdAt.getTime() <= PASSWORD_RESET_WINDOW_MS;
    if (user.passwordHash && !recentOtpLogin) throw new AppError('PASSWORD_ALREADY_SET');
    return this.replacePassword(user, newPasswd, user.passwordHash ? 'after_code_login' : 'first', origin);
  }

  /** The forgotten password: a login code proves the phone; a phone new to Sen becomes a user. */
  async updatePasswordByCode(phone: string, smsCode: string, newPasswd: string, origin: RequestOrigin): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode).catch((error: unknown) => this.security.codeRefused(error, { phone, origin, type: 'password_change' }));
    await this.security.codeProvedPhone(phone);
    const user = await this.users.findOrCreate(phone);
    return this.replacePassword(user, newPasswd, user.passwordHash ? 'code' : 'first', origin);
  }

  /** Wrong old passwords count towards the same per-phone brake as wrong login passwords. */
  async updatePasswordByOldPassword(session: SessionInfo, oldPasswd: string, newPasswd: string, origin: RequestOrigin): Promise<LoginSession> {
    const user = await this.requireUser(session);
    const passwordHash = user.passwordHash;
    if (!passwordHash) throw new AppError('PASSWORD_NOT_SET');
    const right = await this.security.checkPassword({ phone: user.phone, userId: user.id, origin, check: 'old_password' }, () =>
      this.passwords.verify(passwordHash, oldPasswd),
    );
    if (!right) throw new AppError('OLD_PASSWORD_INCORRECT');
    return this.replacePassword(user, newPasswd, 'old_password', origin);
  }

  async logout(session: SessionInfo, origin: RequestOrigin): Promise<void> {
    if (await this.sessions.revoke(session.sessionId)) {
      await this.security.sessionEnded({ userId: session.userId, sessionId: session.sessionId, origin });
    }
  }

  private async requireUser(session: SessionInfo): Promise<UserRow> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  private async replacePassword(
    user: UserRow,
    newPasswd: string,
    how: 'first' | 'after_code_login' | 'old_password' | 'code',
    origin: RequestOrigin,
  ): Promise<LoginSession> {
    await this.users.setPasswordHash(user.id, await this.passwords.hash(newPasswd));
    const revokedSessions = await this.sessions.revokeAll(user.id);
    const session = await this.sessions.issue(user.id, 'password_set', origin.deviceId ?? null);
    await this.security.passwordReplaced({ userId: user.id, phone: user.phone, sessionId: session.sessionId, how, revokedSessions, origin });
    return this.loginSession(user, session.token, true);
  }
}
