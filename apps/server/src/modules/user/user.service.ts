import { AUTH_STATE, type AuthDetail, type EquipmentSaveRequest, type PrivacyConsentRequest, type UserInfo } from '@sen/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { UserRepository } from './user.repository.ts';

const NOT_STARTED: AuthDetail = {
  idState: AUTH_STATE.NOT_STARTED,
  workInfoState: AUTH_STATE.NOT_STARTED,
  bankCardState: AUTH_STATE.NOT_STARTED,
  kycState: AUTH_STATE.NOT_STARTED,
  telecomPermissionState: AUTH_STATE.NOT_STARTED,
  userAuthState: AUTH_STATE.NOT_STARTED,
};

/** The signed-in user's own data; every query is scoped by the session's user id. */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async info(userId: string): Promise<UserInfo> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return { id: user.id, phone: user.phone, passwdSign: user.passwordHash ? 1 : 0 };
  }

  async authDetail(userId: string): Promise<AuthDetail> {
    return (await this.users.findAuthState(userId)) ?? NOT_STARTED;
  }

  async saveEquipment(userId: string, deviceId: string | null, input: EquipmentSaveRequest): Promise<void> {
    await this.users.upsertEquipment({
      userId,
      deviceId: deviceId ?? '',
      appVersion: input.appVersion,
      mobileType: input.mobileType,
      regClient: input.regClient,
      phoneMark: input.phoneMark ?? null,
      phoneBrand: input.phoneBrand ?? null,
      phoneModel: input.phoneModel ?? null,
      now: this.clock(),
    });
  }

  async recordConsent(userId: string | null, deviceId: string | null, input: PrivacyConsentRequest): Promise<void> {
    await this.users.insertConsent({ userId, deviceId, version: input.version, agreed: input.agreed, now: this.clock() });
  }
}
