import { AUTH_ITEMS, AUTH_STATE, hasCompletedAuth, parseAuthConfig, type AuthDetail, type AuthItem } from '@sen/contract';
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
 * What the credit engine reads of a borrower's certification (issue 10). The profile branch fills
 * birthDate, idNumberIndex, monthlySalaryBand and operatorVerified from the personal data; until
 * then they are null/false here and the engine rejects for them (honestly: nothing is declared).
 */
export interface CreditFacts {
  userId: string;
  phone: string;
  /** yyyy-MM-dd */
  birthDate: string | null;
  idNumberIndex: string | null;
  monthlySalaryBand: string | null;
  operatorVerified: boolean;
  itemsRequired: AuthItem[];
  itemsDone: AuthItem[];
}

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

  /** The facts the credit engine decides on (minimal: phone and items; personal data on the profile branch). */
  async creditFacts(userId: string): Promise<CreditFacts> {
    const states = await this.states(userId);
    const itemsRequired = parseAuthConfig(this.authConfig);
    const itemsDone = (Object.keys(AUTH_ITEMS) as AuthItem[]).filter((item) => states[AUTH_ITEMS[item]] === AUTH_STATE.DONE);
    return {
      userId,
      phone: (await this.repository.findPhone(userId)) ?? '',
      birthDate: null,
      idNumberIndex: null,
      monthlySalaryBand: null,
      operatorVerified: states.telecomPermissionState === AUTH_STATE.DONE,
      itemsRequired,
      itemsDone,
    };
  }

  /** Subscribe to item changes (modules loaded after certification, e.g. credit). */
  onItemChanged(listener: CertificationListener): void {
    this.listeners.push(listener);
  }
}
