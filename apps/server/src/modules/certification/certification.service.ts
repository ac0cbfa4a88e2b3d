import { AUTH_STATE, type AuthDetail } from '@sen/contract';
import type { CertificationRepository } from './certification.repository.ts';

const NOT_STARTED: AuthDetail = {
  idState: AUTH_STATE.NOT_STARTED,
  workInfoState: AUTH_STATE.NOT_STARTED,
  bankCardState: AUTH_STATE.NOT_STARTED,
  kycState: AUTH_STATE.NOT_STARTED,
  telecomPermissionState: AUTH_STATE.NOT_STARTED,
  userAuthState: AUTH_STATE.NOT_STARTED,
};

/**
 * The certification state of a borrower (the spec's `userAuth`: ID, work, bank, KYC, telecom).
 * A user with no row yet has started nothing.
 */
export class CertificationService {
  constructor(
    private readonly repository: CertificationRepository,
    /** The configured steps, in order (AUTH_CONFIG). */
    readonly authConfig: string,
  ) {}

  async states(userId: string): Promise<AuthDetail> {
    return (await this.repository.findStates(userId)) ?? NOT_STARTED;
  }
}
