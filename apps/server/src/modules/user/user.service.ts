import type { ConsentRecord, ParsedDeviceSaveRequest, ParsedEquipmentSaveRequest, PrivacyConsentRequest, UserInfo } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionUser } from '../../types.ts';
import { keptFacts } from './device-facts.ts';
import type { UserAccountRow, UserRepository, UserRow } from './user.repository.ts';

/**
 * Borrowers' accounts and the user's own records; every query is scoped by a user id. The public
 * service of the user module: other modules reach users only through it.
 */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  findByPhone(phone: string): Promise<UserRow | null> {
    return this.users.findByPhone(phone);
  }

  findById(userId: string): Promise<UserRow | null> {
    return this.users.findById(userId);
  }

  /** The back office: the account the borrower's app shows as `publicId`. */
  accountByPublicId(publicId: number): Promise<UserAccountRow | null> {
    return this.users.accountByPublicId(publicId);
  }

  /** The back office: several accounts in one read (search results). */
  accountsByIds(userIds: readonly string[]): Promise<UserAccountRow[]> {
    return this.users.accountsByIds(userIds);
  }

  /** The user with its row locked for the caller's unit of work (UserRepository.lockById). */
  lockById(userId: string, mode: 'update' | 'share'): Promise<UserRow | null> {
    return this.users.lockById(userId, mode);
  }

  /** The user of a (normalised) phone, created on first sight. */
  findOrCreate(phone: string): Promise<UserRow> {
    return this.users.findOrCreate(phone, this.clock());
  }

  setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    return this.users.setPasswordHash(userId, passwordHash, this.clock());
  }

  /** The user's account facts; `known` is the user as the session lookup already read it, if it did. */
  async info(userId: string, known?: SessionUser): Promise<UserInfo> {
    if (known) return { id: known.publicId, phone: known.phone, passwdSign: known.hasPassword ? 1 : 0 };
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return { id: user.publicId, phone: user.phone, passwdSign: user.passwordHash ? 1 : 0 };
  }

  async saveEquipment(userId: string, deviceId: string | null, input: ParsedEquipmentSaveRequest, mobileType: number): Promise<void> {
    await this.users.upsertEquipment({
      userId,
      deviceId: deviceId ?? '',
      appVersion: input.appVersion,
      mobileType: input.mobileType ?? mobileType,
      regClient: input.regClient,
      phoneMark: input.phoneMark ?? null,
      phoneBrand: input.phoneBrand ?? null,
      phoneModel: input.phoneModel ?? null,
      now: this.clock(),
    });
  }

  hasDeviceFacts(userId: string): Promise<boolean> {
    return this.users.hasDeviceFacts(userId);
  }

  async saveDeviceFacts(userId: string, input: ParsedDeviceSaveRequest): Promise<void> {
    await this.users.upsertDeviceFacts({
      userId,
      hardware: keptFacts('hardware', input.hardwareInfo),
      system: keptFacts('system', input.systemInfo),
      network: keptFacts('network', input.networkInfo),
      now: this.clock(),
    });
  }

  async recordConsent(userId: string | null, deviceId: string | null, input: PrivacyConsentRequest): Promise<void> {
    await this.users.insertConsent({ userId, deviceId, version: input.version, agreed: input.agreed, now: this.clock() });
  }

  // ─── Account lifecycle (issue 13) ───

  /** The closed account's phone becomes a tombstone (the phone may register again) and its password goes. */
  tombstone(userId: string, closedAt: Date): Promise<void> {
    return this.users.tombstone(userId, closedAt);
  }

  erasePersonalData(userId: string): Promise<number> {
    return this.users.erasePersonalData(userId);
  }

  /** The privacy-policy answers of the user, newest first. */
  async consentHistory(userId: string, limit?: number): Promise<ConsentRecord[]> {
    const rows = await this.users.consentsOf(userId, limit);
    return rows.map((row) => ({ version: row.version, agreed: row.agreed, createdAt: row.createdAt.toISOString() }));
  }

  /** The export sections of the user module: profile, devices (records and kept facts), consents. */
  async exportProfile(userId: string) {
    const row = await this.users.profileOf(userId);
    if (!row) return null;
    return { id: row.publicId, phone: row.phone, passwordSet: row.hasPassword !== null, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  }

  async exportDevices(userId: string) {
    const [records, facts] = [await this.users.equipmentOf(userId), await this.users.deviceFactsOf(userId)];
    const parse = (text: string): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    };
    return {
      records: records.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() })),
      facts: facts
        ? { hardware: parse(facts.hardware), system: parse(facts.system), network: parse(facts.network), updatedAt: facts.updatedAt.toISOString() }
        : null,
    };
  }

  /** The back office: the borrower's latest device records (no kept facts). */
  recentDevices(userId: string, limit: number) {
    return this.users.equipmentOf(userId, limit);
  }

  /** The phone model of the borrower's most recently updated device record, or null. */
  latestPhoneModel(userId: string): Promise<string | null> {
    return this.users.latestPhoneModel(userId);
  }
}
