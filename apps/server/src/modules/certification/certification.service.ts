import type { EventRecorder } from '../../events/domain-events.ts';
import { AUTH_ITEMS, AUTH_STATE, hasCompletedAuth, normalizePhone, parseAuthConfig, type AuthDetail, type AuthItem } from '@sen/contract';
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

/**
 * What the credit engine reads of a borrower's certification (its input shape; the engine is
 * another module's). `idNumberIndex` is FieldCipher.blindIndex('id-number', idNumber): the same
 * person under two accounts has the same index, and the number itself never leaves this module.
 */
export interface CreditFacts {
  userId: string;
  /** Normalised (10 digits with the leading 0). */
  phone: string;
  /** yyyy-MM-dd. */
  birthDate: string | null;
  idNumberIndex: string | null;
  /** The SALARY_BANDS state of the monthly income, as text. */
  monthlySalaryBand: string | null;
  /** TELECOM done. */
  operatorVerified: boolean;
  /** The configured items, BANK excluded, in step order. */
  itemsRequired: AuthItem[];
  /** The items done (BANK excluded), required or not: WORK done earns the personal-information boost. */
  itemsDone: AuthItem[];
}

/** Where the credit facts come from (the personal-data tables and the user's phone). */
export interface CreditFactsSource {
  phone(userId: string): Promise<string | null>;
  personal(userId: string): Promise<{ birthDate: string; idNumberIndex: string; salaryBand: number } | null>;
  /** The borrower as a party to a loan agreement: full name and ID number masked. */
  party?(userId: string): Promise<{ fullName: string; idNumberMasked: string } | null>;
}

/**
 * The certification state of a borrower (the spec's `userAuth`: ID, work, bank, KYC, telecom).
 * A user with no row yet has started nothing. Each step's module marks its item here, in the
 * transaction that saved the step, so a step is saved whole or not at all.
 */
export class CertificationService {

  constructor(
    private readonly repository: CertificationRepository,
    /** The configured steps, in order (AUTH_CONFIG). */
    readonly authConfig: string,
    private readonly events: EventRecorder,
    private readonly factsSource?: CreditFactsSource,
  ) {}

  /** The borrower as a party to a loan agreement (name, ID masked), or null before the personal data. */
  async contractParty(userId: string): Promise<{ fullName: string; idNumberMasked: string } | null> {
    return (await this.factsSource?.party?.(userId)) ?? null;
  }

  /** The configured items in step order, BANK excluded (hasAuth's items, SPEC.md §4). */
  requiredItems(): AuthItem[] {
    return parseAuthConfig(this.authConfig).filter((item) => item !== 'BANK');
  }

  /** The facts the credit engine decides on; throws when the user does not exist. */
  async creditFacts(userId: string): Promise<CreditFacts> {
    if (!this.factsSource) throw new Error('certification: no credit facts source');
    const [phone, personal, states] = await Promise.all([this.factsSource.phone(userId), this.factsSource.personal(userId), this.states(userId)]);
    if (phone === null) throw new Error('certification: no such user');
    const itemsRequired = this.requiredItems();
    return {
      userId,
      phone: normalizePhone(phone),
      birthDate: personal?.birthDate ?? null,
      idNumberIndex: personal?.idNumberIndex ?? null,
      monthlySalaryBand: personal ? String(personal.salaryBand) : null,
      operatorVerified: states.telecomPermissionState === AUTH_STATE.DONE,
      itemsRequired,
      // Every item done, BANK excluded: the supplementary WORK item earns the boost even where it is not required.
      itemsDone: (Object.keys(AUTH_ITEMS) as AuthItem[]).filter((item) => item !== 'BANK' && states[AUTH_ITEMS[item]] === AUTH_STATE.DONE),
    };
  }

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
    await this.events.record('certification.itemChanged', { userId, item, state, hasAuth });
  }

}
