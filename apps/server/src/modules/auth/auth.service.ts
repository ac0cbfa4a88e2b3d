import type { LoginSession, ParsedLoginRequest } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
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
    // Issued holding the user's row (shared) with the phone still its own: an account closing at
    // the same moment (decision 060) either runs first — the phone is a tombstone, so the code
    // signs in a new user — or waits and then revokes this session with the others.
    const { user, session } = await this.uow.transaction(async () => {
      let row = await this.users.lockById((await this.users.findOrCreate(phone)).id, 'share');
      if (!row || row.phone !== phone) row = await this.users.lockById((await this.users.findOrCreate(phone)).id, 'share');
      if (!row) throw new Error('user vanished during login');
      return { user: row, session: await this.sessions.issue(row.id, 'sms', origin.deviceId ?? null) };
    });
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
    // The session is issued in a unit that holds the user's row (shared) and finds the password
    // hash still the one just verified. A password change locks that row exclusively, so it either
    // runs after this login (and revokes its session) or before it (and the login fails): a racing
    // login never keeps a session made with the old password.
    const { locked, session } = await this.uow.transaction(async () => {
      const row = await this.users.lockById(user.id, 'share');
      if (!row || row.passwordHash !== passwordHash) throw new AppError('LOGIN_FAILED');
      return { locked: row, session: await this.sessions.issue(row.id, 'password', origin.deviceId ?? null) };
    });
    await this.security.loggedIn({ userId: user.id, sessionId: session.sessionId, method: 'password', origin });
    return this.loginSession(locked, session.token);
  }

  /**
   * First password, or a new one after "Forgotten password?" (an OTP login within the last
   * PASSWORD_RESET_WINDOW_MS). Otherwise the old password is needed (password/update).
   * Every older session is revoked.
   */
  async setPassword(session: SessionInfo, newPasswd: string, origin: RequestOrigin): Promise<LoginSession> {
    const recentOtpLogin =
      session.loginMethod === 'sms' && this.clock().getTime() - session.createdAt.getTime() <= PASSWORD_RESET_WINDOW_MS;
    const allowed = (user: UserRow) => {
      if (user.passwordHash && !recentOtpLogin) throw new AppError('PASSWORD_ALREADY_SET');
    };
    // Checked before hashing (cheap refusals stay cheap) and again under the lock (a concurrent change).
    const user = await this.requireUser(session);
    allowed(user);
    return this.replacePassword(user, newPasswd, user.passwordHash ? 'after_code_login' : 'first', origin, async (locked) => {
      await this.requireActive(session);
      allowed(locked);
    });
  }

  /**
   * The forgotten password: a login code proves the phone. A phone with no account is refused
   * (PHONE_NOT_REGISTERED), after the code, so the answer tells nothing to one who does not hold
   * the phone: a reset never creates an account (issue 25; accounts are made by logging in).
   */
  async updatePasswordByCode(phone: string, smsCode: string, newPasswd: string, origin: RequestOrigin): Promise<LoginSession> {
    await this.otp.verify(phone, smsCode).catch((error: unknown) => this.security.codeRefused(error, { phone, origin, type: 'password_change' }));
    await this.security.codeProvedPhone(phone);
    const user = await this.users.findByPhone(phone);
    if (!user) throw new AppError('PHONE_NOT_REGISTERED');
    return this.replacePassword(user, newPasswd, user.passwordHash ? 'code' : 'first', origin, async () => {});
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
    return this.replacePassword(user, newPasswd, 'old_password', origin, async (locked) => {
      await this.requireActive(session);
      // Changed by someone else since it was verified: the old password given is no longer it.
      if (locked.passwordHash !== passwordHash) throw new AppError('OLD_PASSWORD_INCORRECT');
    });
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

  /** A change from a session must come from one still valid (a concurrent change revokes it). */
  private async requireActive(session: SessionInfo): Promise<void> {
    if (!(await this.sessions.isActive(session.sessionId))) throw new AppError('SESSION_EXPIRED');
  }

  /**
   * One unit: the user's row locked, `check` passed on the locked row, the new hash written,
   * every session revoked and the new one issued. The hash is computed first, outside the unit
   * (argon2 is slow and a unit holds a connection, on PGlite the whole database); the security
   * event and the borrower's SMS follow the commit (a provider call never holds a transaction).
   */
  private async replacePassword(
    user: UserRow,
    newPasswd: string,
    how: 'first' | 'after_code_login' | 'old_password' | 'code',
    origin: RequestOrigin,
    check: (locked: UserRow) => Promise<void>,
  ): Promise<LoginSession> {
    const passwordHash = await this.passwords.hash(newPasswd);
    const { locked, revokedSessions, session } = await this.uow.transaction(async () => {
      const row = await this.users.lockById(user.id, 'update');
      if (!row) throw new AppError('SESSION_EXPIRED');
      await check(row);
      await this.users.setPasswordHash(row.id, passwordHash);
      const revoked = await this.sessions.revokeAll(row.id);
      return { locked: row, revokedSessions: revoked, session: await this.sessions.issue(row.id, 'password_set', origin.deviceId ?? null) };
    });
    await this.security.passwordReplaced({ userId: locked.id, phone: locked.phone, sessionId: session.sessionId, how, revokedSessions, origin });
    return this.loginSession(locked, session.token, true);
  }
}
