import type { LoginSession, ParsedLoginRequest } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
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
    private readonly uow: UnitOfWork,
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
   *
   * The session is issued in a unit that holds the user's row (shared) and finds the password
   * hash still the one just verified. A password change locks that row exclusively, so it either
   * runs after this login (and revokes its session) or before it (and the login fails): a racing
   * login never keeps a session made with the old password.
   */
  private async loginWithPassword(phone: string, passwd: string): Promise<LoginSession> {
    const user = await this.users.findByPhone(phone);
    if (!user?.passwordHash) {
      await this.passwords.verifyAgainstDummy(passwd);
      throw new AppError('LOGIN_FAILED');
    }
    if (!(await this.passwords.verify(user.passwordHash, passwd))) throw new AppError('LOGIN_FAILED');
    return this.uow.transaction(async () => {
      const locked = await this.users.lockById(user.id, 'share');
      if (!locked || locked.passwordHash !== user.passwordHash) throw new AppError('LOGIN_FAILED');
      return this.loginSession(locked, await this.sessions.issue(locked.id, 'password'));
    });
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP login within the last
   * PASSWORD_RESET_WINDOW_MS). Otherwise the old password is needed (password/update).
   * Every older session is revoked.
   */
  async setPassword(session: SessionInfo, newPasswd: string): Promise<LoginSession> {
    const recentOtpLogin =
      session.loginMethod === 'sms' && this.clock().getTime() - session.createdAt.getTime() <= PASSWORD_RESET_WINDOW_MS;
    const allowed = (user: UserRow) => {
      if (user.passwordHash && !recentOtpLogin) throw new AppError('PASSWORD_ALREADY_SET');
    };
    // Checked before hashing (cheap refusals stay cheap) and again under the lock (a concurrent change).
    allowed(await this.requireUser(session));
    return this.replacePassword(session.userId, newPasswd, async (locked) => {
      await this.requireActive(session);
      allowed(locked);
    });
  }

  /** The forgotten password: a login code proves the phone; a phone new to Sen becomes a user. */
  async updatePasswordByCode(phone: string, smsCode: string, newPasswd: string): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode);
    const user = await this.users.findOrCreate(phone);
    return this.replacePassword(user.id, newPasswd, async () => {});
  }

  async updatePasswordByOldPassword(session: SessionInfo, oldPasswd: string, newPasswd: string): Promise<LoginSession> {
    const user = await this.requireUser(session);
    if (!user.passwordHash) throw new AppError('PASSWORD_NOT_SET');
    if (!(await this.passwords.verify(user.passwordHash, oldPasswd))) throw new AppError('OLD_PASSWORD_INCORRECT');
    return this.replacePassword(user.id, newPasswd, async (locked) => {
      await this.requireActive(session);
      // Changed by someone else since it was verified: the old password given is no longer it.
      if (locked.passwordHash !== user.passwordHash) throw new AppError('OLD_PASSWORD_INCORRECT');
    });
  }

  logout(session: SessionInfo): Promise<void> {
    return this.sessions.revoke(session.sessionId);
  }

  private async requireUser(session: SessionInfo): Promise<UserRow> {
    const user = await this.users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  /** A change from a session must come from one still valid (a concurrent change revokes it). */
  private async requireActive(session: SessionInfo): Promise<void> {
    if (!(await this.sessions.isActive(session.sessionId))) throw new AppError('SESSION_EXPIRED');
  }

  /**
   * One unit: the user's row locked, `check` passed on the locked row, the new hash written,
   * every session revoked and the new one issued. The hash is computed first, outside the unit
   * (argon2 is slow and a unit holds a connection, on PGlite the whole database).
   */
  private async replacePassword(userId: string, newPasswd: string, check: (locked: UserRow) => Promise<void>): Promise<LoginSession> {
    const passwordHash = await this.passwords.hash(newPasswd);
    return this.uow.transaction(async () => {
      const locked = await this.users.lockById(userId, 'update');
      if (!locked) throw new AppError('SESSION_EXPIRED');
      await check(locked);
      await this.users.setPasswordHash(locked.id, passwordHash);
      await this.sessions.revokeAll(locked.id);
      return this.loginSession(locked, await this.sessions.issue(locked.id, 'password_set'), true);
    });
  }
}
