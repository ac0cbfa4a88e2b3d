import {
  ADMIN_PATHS,
  AUTH_ITEMS,
  BORROWER_DETAIL_LIMITS,
  BORROWER_SEARCH_LIMIT,
  parseAuthConfig,
  type BorrowerDetail,
  type BorrowerReveal,
  type BorrowerSearchHit,
  type BorrowerSearchKey,
  type RevealTarget,
} from '@sen/contract';
import { addDays, borrowerAmounts, dailyAccrualKey, daysPastDue, loanTotals, sumComponents, vietnamDate } from '@sen/domain';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OperatorInfo } from '../../types.ts';
import type { AuditService } from '../audit/index.ts';
import type { CertificationService, ProfileService } from '../certification/index.ts';
import type { CreditService } from '../credit/index.ts';
import type { FilesService } from '../files/index.ts';
import type { KycService } from '../kyc/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { toLoanState, type InstalmentRow, type LoanService, type OrderRow } from '../loan/index.ts';
import type { MessageService } from '../message/index.ts';
import type { CollectionService } from '../repayment/index.ts';
import type { UserAccountRow, UserService } from '../user/index.ts';
import { maskPhoneForOperators, searchKeysOf } from './borrower-search.ts';
import type { IdImageLinks } from './id-image-links.ts';
import { watermark, watermarkText } from './watermark.ts';

export interface BorrowerViewDeps {
  users: UserService;
  profile: ProfileService;
  certification: CertificationService;
  kyc: KycService;
  files: FilesService;
  credit: CreditService;
  loans: LoanService;
  collection: CollectionService;
  ledger: LedgerService;
  messages: MessageService;
  securityEvents: AuditService;
  links: IdImageLinks;
  clock: Clock;
}

type ImageSide = 'front' | 'back' | 'face';

/** The KYC files an ID image link may point at (the files module's purposes). */
const KYC_PURPOSES = new Set(['kyc_front', 'kyc_back', 'kyc_face', 'kyc_liveness']);

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const vnd = (amount: bigint) => Number(amount);

/**
 * The back office's borrower view (issue 22 item 5; decision 097): search, the borrower page, and
 * the audited reveal of the ID number and the ID images. Reads every other module through its
 * public service; writes nothing (the reveal's audit row is the route's, in the audited runner).
 */
export class BorrowerViewService {
  constructor(private readonly deps: BorrowerViewDeps) {}

  /** Borrowers matching `query` by every key it can be, exact keys first, at most BORROWER_SEARCH_LIMIT, masked. */
  async search(query: string): Promise<{ items: BorrowerSearchHit[]; keys: BorrowerSearchKey[] }> {
    const keys = searchKeysOf(query);
    if (keys.length === 0) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.searchQuery' });
    const { users, profile, loans } = this.deps;
    const found = new Map<string, BorrowerSearchKey>();
    for (const key of keys) {
      let userIds: string[];
      if (key.key === 'phone') userIds = [(await users.findByPhone(key.phone))?.id].filter((id): id is string => Boolean(id));
      else if (key.key === 'idNumber') userIds = [await profile.holderOfIdNumber(key.idNumber)].filter((id): id is string => Boolean(id));
      else if (key.key === 'orderNo') userIds = [await loans.orders.ownerOfOrderNo(key.orderNo)].filter((id): id is string => Boolean(id));
      else userIds = await profile.userIdsByNamePrefix(key.prefix, BORROWER_SEARCH_LIMIT);
      for (const userId of userIds) if (!found.has(userId)) found.set(userId, key.key);
    }
    const userIds = [...found.keys()].slice(0, BORROWER_SEARCH_LIMIT);
    if (userIds.length === 0) return { items: [], keys: keys.map((key) => key.key) };
    const [accounts, summaries] = await Promise.all([users.accountsByIds(userIds), profile.summariesOf(userIds)]);
    const byId = new Map(accounts.map((account) => [account.id, account]));
    const items = userIds.flatMap((userId) => {
      const account = byId.get(userId);
      if (!account) return [];
      const summary = summaries.get(userId);
      return [
        {
          userId: account.publicId,
          phoneMasked: maskPhoneForOperators(account.phone),
          fullName: summary?.fullName ?? null,
          idNumberMasked: summary?.idNumberMasked ?? null,
          matchedBy: found.get(userId)!,
          registeredAt: account.createdAt.toISOString(),
        },
      ];
    });
    return { items, keys: keys.map((key) => key.key) };
  }

  private async account(publicId: number): Promise<UserAccountRow> {
    const account = await this.deps.users.accountByPublicId(publicId);
    if (!account) throw new AppError('BORROWER_NOT_FOUND');
    return account;
  }

  /**
   * The borrower page: one read per section, the latest BORROWER_DETAIL_LIMITS rows of each list,
   * the sections that do not depend on each other read side by side (a fixed number of statements:
   * test/budgets.test.ts).
   */
  async detail(publicId: number): Promise<BorrowerDetail> {
    const { users, profile, certification, kyc, credit, loans, collection, ledger, messages, securityEvents } = this.deps;
    const limits = BORROWER_DETAIL_LIMITS;
    const account = await this.account(publicId);
    const userId = account.id;
    const [personal, states, kycView, creditAccount, decisions, orders, sent, consents, events, devices] = await Promise.all([
      profile.operatorView(userId),
      certification.states(userId),
      kyc.operatorView(userId),
      credit.account(userId),
      credit.latestDecisions(userId, limits.decisions),
      loans.orders.latestOfUser(userId, limits.orders),
      messages.latestSent(userId, limits.messages),
      users.consentHistory(userId, limits.consents),
      securityEvents.latestOf(userId, limits.securityEvents),
      users.recentDevices(userId, limits.devices),
    ]);
    const orderIds = orders.map((order) => order.id);
    const orderNoOf = new Map(orders.map((order) => [String(order.id), order.orderNo]));
    const orderNoById = new Map(orders.map((order) => [order.id, order.orderNo]));
    const [instalments, payments, acceptances, entries] = await Promise.all([
      loans.orders.instalmentsOf(orderIds),
      collection.repaymentsOf(orderIds),
      loans.orders.acceptancesOf(orderIds),
      ledger.latestOfBorrower(userId, orders.flatMap((order) => latestAccrualKeys(order, limits.ledgerEntries)), limits.ledgerEntries),
    ]);

    return {
      borrower: {
        userId: account.publicId,
        phoneMasked: maskPhoneForOperators(account.phone),
        status: account.phone.startsWith('closed:') ? 'closed' : 'active',
        registeredAt: account.createdAt.toISOString(),
      },
      profile: personal,
      certification: {
        items: parseAuthConfig(certification.authConfig).map((item) => ({ item, state: states[AUTH_ITEMS[item]] })),
        state: states.userAuthState,
        kyc: kycView
          ? {
              images: (['front', 'back', 'face'] as const).filter((side) => kycView.files[side]),
              livenessPassed: kycView.livenessPassed,
              faceMatchScore: kycView.faceMatchScore,
              completedAt: iso(kycView.completedAt),
            }
          : null,
      },
      credit: {
        account: creditAccount
          ? {
              status: creditAccount.status,
              creditLimit: vnd(creditAccount.creditLimit),
              usedAmount: vnd(creditAccount.usedAmount),
              reviewPending: creditAccount.reviewId !== null,
              decidedAt: iso(creditAccount.decidedAt),
              nextTryDate: creditAccount.nextTryDate,
              calmUntilDate: creditAccount.calmUntilDate,
            }
          : null,
        decisions: decisions.map((decision) => ({
          id: decision.id,
          outcome: decision.outcome,
          creditLimit: vnd(decision.creditLimit),
          policyVersion: decision.policyVersion,
          ruleResults: decision.ruleResults as BorrowerDetail['credit']['decisions'][number]['ruleResults'],
          reasons: decision.reasons,
          nextTryDate: decision.nextTryDate,
          at: decision.createdAt.toISOString(),
        })),
      },
      orders: orders.map((order) => ({
        orderId: order.id,
        orderNo: order.orderNo,
        productName: order.productName,
        state: order.state,
        principal: vnd(order.principal),
        disbursedAmount: vnd(order.disbursedAmount),
        serviceFee: vnd(order.serviceFee),
        termDays: order.termDays,
        planNums: order.planNums,
        applyDate: order.applyDate,
        startDate: order.startDate,
        disbursedAt: iso(order.disbursedAt),
        settledAt: iso(order.settledAt),
        closedAt: iso(order.closedAt),
        closeReason: order.closeReason,
        creditHeld: vnd(order.creditHeld),
        overdue: order.state === 'repaying' && (instalments.get(order.id) ?? []).some((row) => row.settledAt === null && row.dueDate < vietnamDate(this.deps.clock())),
        writtenOffOn: order.writtenOffOn,
        recovered: vnd(order.recovered),
        ...loanFigures(order, instalments.get(order.id) ?? [], vietnamDate(this.deps.clock())),
        instalments: (instalments.get(order.id) ?? []).map((row) => ({
          planPart: row.planPart,
          dueDate: row.dueDate,
          principal: vnd(row.principal),
          fee: vnd(row.fee),
          scheduledInterest: vnd(row.scheduledInterest),
          interestCharged: vnd(row.interestCharged),
          overdueFeeCharged: vnd(row.overdueFeeCharged),
          paid: vnd(row.paidPrincipal + row.paidFee + row.paidInterest + row.paidOverdueFee),
          settledAt: iso(row.settledAt),
        })),
        payments: payments
          .filter((payment) => payment.orderId === order.id)
          .map((payment) => ({
            id: payment.id,
            source: payment.source,
            amount: vnd(payment.amount),
            principal: vnd(payment.principal),
            fee: vnd(payment.fee),
            interest: vnd(payment.interest),
            overdueFee: vnd(payment.overdueFee),
            toCredit: vnd(payment.toCredit),
            businessDate: payment.businessDate,
            at: payment.createdAt.toISOString(),
          })),
      })),
      ledger: entries.map((entry) => ({
        id: entry.id,
        event: entry.event,
        orderNo: entry.loanId ? (orderNoOf.get(entry.loanId) ?? null) : null,
        businessDate: entry.businessDate,
        memo: entry.memo,
        at: entry.createdAt.toISOString(),
        lines: entry.lines.map((line) => ({ accountCode: line.accountCode, debit: vnd(line.debit), credit: vnd(line.credit) })),
      })),
      messages: sent,
      consents: {
        privacy: consents.map((consent) => ({ version: consent.version, agreed: consent.agreed, at: consent.createdAt })),
        agreements: acceptances.map((row) => ({
          orderNo: orderNoById.get(row.orderId) ?? String(row.orderId),
          document: row.document,
          version: row.version,
          acceptedAt: row.acceptedAt.toISOString(),
          ip: row.ip,
          deviceId: row.deviceId,
        })),
      },
      securityEvents: events,
      devices: devices.map((device) => ({
        deviceId: device.deviceId,
        appVersion: device.appVersion,
        mobileType: device.mobileType,
        brand: device.phoneBrand,
        model: device.phoneModel,
        firstSeenAt: device.createdAt.toISOString(),
        lastSeenAt: device.updatedAt.toISOString(),
      })),
      limits: { ...limits },
    };
  }

  /**
   * What an audited reveal answers (the route writes its audit row with the reason): the full ID
   * number, or a link per ID image held, good for this operator's session only and for minutes.
   * `audit` is what the row records: what was revealed, never the value.
   */
  async reveal(operator: OperatorInfo, publicId: number, what: RevealTarget): Promise<{ answer: BorrowerReveal; audit: Record<string, unknown> }> {
    const account = await this.account(publicId);
    if (what === 'idNumber') {
      const idNumber = await this.deps.profile.revealIdNumber(account.id);
      if (!idNumber) throw new AppError('REVEAL_NOTHING');
      return { answer: { what, idNumber, images: [], expiresAt: null }, audit: { what } };
    }
    const files = (await this.deps.kyc.operatorView(account.id))?.files;
    const sides = files ? (['front', 'back', 'face'] as const).filter((side) => files[side]) : [];
    if (!files || sides.length === 0) throw new AppError('REVEAL_NOTHING');
    const now = this.deps.clock();
    let expiresAt = now;
    const images = sides.map((side: ImageSide) => {
      const link = this.deps.links.issue(files[side]!, operator.sessionId, now);
      expiresAt = link.expiresAt;
      return { side, url: `${ADMIN_PATHS.borrowerIdImage}?token=${encodeURIComponent(link.token)}` };
    });
    return { answer: { what, idNumber: null, images, expiresAt: expiresAt.toISOString() }, audit: { what, images: sides, expiresAt: expiresAt.toISOString() } };
  }

  /** The image a reveal linked to, watermarked with the operator and the time, if the link is theirs and alive. */
  async idImage(operator: OperatorInfo, token: string): Promise<Buffer> {
    const now = this.deps.clock();
    const fileId = this.deps.links.verify(token, operator.sessionId, now);
    if (!fileId) throw new AppError('REVEAL_LINK_INVALID');
    const stored = await this.deps.files.readStored(fileId);
    if (!stored || !KYC_PURPOSES.has(stored.file.purpose)) throw new AppError('REVEAL_LINK_INVALID');
    return watermark(stored.data, watermarkText(operator.email, now));
  }
}

/**
 * The keys of a loan's latest daily accruals (decision 083: the ledger has no index by loan; an
 * accrual entry is found by its key), newest `count` days through the day it was accrued to.
 */
function latestAccrualKeys(order: Pick<OrderRow, 'id' | 'startDate' | 'accruedThrough'>, count: number): string[] {
  if (!order.startDate || !order.accruedThrough || order.accruedThrough < order.startDate) return [];
  const keys: string[] = [];
  for (let date = order.accruedThrough; date >= order.startDate && keys.length < count; date = addDays(date, -1)) keys.push(dailyAccrualKey(date, String(order.id)));
  return keys;
}

/**
 * An order's figures as the borrower's own order shows them (decisions 100, 111, 119): what was
 * written off, the days past due today and the principal left, for a loan being repaid or written
 * off (worked out on the rows already read: no statement more). Zero for any other order.
 */
function loanFigures(order: OrderRow, rows: readonly InstalmentRow[], today: string): { writtenOff: number; writtenOffPrincipal: number; daysPastDue: number; remainingPrincipal: number } {
  if ((order.state !== 'repaying' && order.state !== 'written_off') || !order.startDate || !order.accruedThrough || rows.length === 0) {
    return { writtenOff: 0, writtenOffPrincipal: 0, daysPastDue: 0, remainingPrincipal: 0 };
  }
  const state = toLoanState(order, rows);
  const written = loanTotals(state).writtenOff;
  return {
    writtenOff: vnd(sumComponents(written)),
    writtenOffPrincipal: vnd(written.principal),
    daysPastDue: daysPastDue(state, today),
    remainingPrincipal: vnd(borrowerAmounts(state, today).remainingPrincipal),
  };
}
