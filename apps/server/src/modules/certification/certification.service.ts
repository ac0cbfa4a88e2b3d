import { AUTH_STATE, hasCompletedAuth, type AuthDetail, type AuthItem } from '@sen/contract';
import type { CertificationRepository } from './certification.repository.ts';

const NOT_STARTED: AuthDetail = {
  idState: AUTH_STATE.NOT_STARTED,
  workInfoState: AUTH_STATE.NOT_STARTED,
  bankCardState: AUTH_STATE.NOT_STARTED,
  kycState: AUTH_STATE.NOT_STARTED,
  telecomPermissionState: AUTH_STATE.NOT_STARTED,
  userAuthState: AUTH_STATE.NOT_STARTED,
};

/** Called after an item changes, inside the same transaction (e.g. the credit review starts at hasAuth). */
export type CertificationListener = (event: { userId: string; item: AuthItem; state: string; hasAuth: boolean }) => Promise<void>;

/**
 * The certification state of a borrower (the spec's `userAuth`: ID, work, bank, KYC, telecom).
 * A user with no row yet has started nothing. Each step's module marks its item here, in the
 * transaction that saved the step, so a step is saved whole or not at all.
 */
export class CertificationService {
  private readonly listeners: CertificationListener[] = [];

  constructor(
    private readonly repository: CertificationRepository,
    /** The configured steps, in order (AUTH_CONFIG). */
    readonly authConfig: string,
  ) {}

  async states(userId: string): Promise<AuthDetail> {
    return (await this.repository.findStates(userId)) ?? NOT_STARTED;
  }

  /** hasAuth (SPEC.md §4) as the server sees it. */
  async hasAuth(userId: string): Promise<boolean> {
    return hasCompletedAuth(await this.states(userId), this.authConfig);
  }

  /**
   * Marks one item (call inside the step's transaction). When the required items are all done the
   * overall userAuthState becomes '30' too, and listeners hear of every change.
   */
  async markItem(userId: string, item: AuthItem, state: string = AUTH_STATE.DONE): Promise<void> {
    const before = await this.states(userId);
    await this.repository.setItemState(userId, item, state);
    const after = await this.states(userId);
    const itemsDone = hasCompletedAuth({ ...after, userAuthState: AUTH_STATE.NOT_STARTED }, this.authConfig);
    const overall = itemsDone ? AUTH_STATE.DONE : before.userAuthState === AUTH_STATE.DONE ? AUTH_STATE.DONE : after.userAuthState;
    if (overall !== after.userAuthState) await this.repository.setOverallState(userId, overall);
    const hasAuth = hasCompletedAuth({ ...after, userAuthState: overall }, this.authConfig);
    for (const listener of this.listeners) await listener({ userId, item, state, hasAuth });
  }

  /** Subscribe to item changes (modules loaded after certification, e.g. credit). */
  onItemChanged(listener: CertificationListener): void {
    this.listeners.push(listener);
  }
}
