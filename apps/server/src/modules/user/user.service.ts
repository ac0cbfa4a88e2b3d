import type { ParsedDeviceSaveRequest, ParsedEquipmentSaveRequest, PrivacyConsentRequest, UserInfo } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { keptFacts } from './device-facts.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

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

  async info(userId: string): Promise<UserInfo> {
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
}
