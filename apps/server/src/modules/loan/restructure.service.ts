import { createHash } from 'node:crypto';
import type { HardshipReason, HardshipRequestView, HardshipView, RestructurePlanView, RestructurePreview, RestructureTerms as TermsInput } from '@sen/contract';
import {
  accrueThrough,
  addVietnamDays,
  mayAskForHelp,
  restructureLoan,
  restructurePosting,
  RestructureRefused,
  restructureViolations,
  vietnamDate,
  waiverCaps,
  type IsoDate,
  type LoanState,
  type RestructurePlan,
  type RestructureRules,
  type RestructureTerms,
} from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OtpService } from '../auth/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessageService } from '../message/index.ts';
import type { ProductService } from '../product/index.ts';
import { maskPhone } from './agreements.ts';
import type { LoadedLoan, LoanService } from './loan.service.ts';
import { vietnamTimeText } from './order.service.ts';
import type { OrderRow } from './loan-state.ts';
import type { HardshipRequestRow, RestructureRepository, RestructureRow } from './restructure.repository.ts';
import type { CodeEvidence } from './signing-code.ts';

export interface RestructureDeps {
  uow: UnitOfWork;
  loans: LoanService;
  ledger: LedgerService;
  repository: RestructureRepository;
  otp: OtpService;
  products: ProductService;
  messages: MessageService;
  /** The loans' business clock. */
  clock: Clock;
  rules: RestructureRules;
  productName: string;
}

/** A loan.restructure proposal's payload (the terms the collector entered, and the request answered). */
export interface RestructureProposal extends TermsInput {
  requestId: number | null;
}

/** Who accepts and from where: the acceptance's evidence (decision 112's, for the restructure). */
export interface AcceptContext {
  userId: string;
  phone: string;
  ip: string;
  deviceId: string;
  userAgent: string;
}

const num = (value: bigint) => Number(value);

/** The wire view of a plan (VND as integers: a loan's figures stay far below 2^53). */
export function planView(plan: RestructurePlan): RestructurePlanView {
  const components = (parts: RestructurePlan['closed']) => ({ principal: num(parts.principal), interest: num(parts.interest), fee: num(parts.fee), overdueFee: num(parts.overdueFee) });
  const first = plan.instalments[0]!;
  const last = plan.instalments[plan.instalments.length - 1]!;
  return {
    date: plan.date,
    planNums: plan.terms.planNums,
    periodDays: plan.terms.periodDays,
    closed: components(plan.closed),
    waived: components(plan.waived),
    carried: components(plan.carried),
    instalments: plan.instalments.map((row) => ({
      planPart: row.planPart,
      dueDate: row.dueDate,
      principal: num(row.principal),
      interest: num(row.interest),
      fee: num(row.fee),
      overdueFee: num(row.overdueFee),
      total: num(row.total),
    })),
    newInterest: num(plan.newInterest),
    totalRepayable: num(plan.totalRepayable),
    costOfCredit: num(plan.totalRepayable - plan.carried.principal),
    aprPercent: plan.annualRate.aprPercent,
    firstDueDate: first.dueDate,
    finalDueDate: last.dueDate,
  };
}

function termsOf(row: Pick<RestructureRow, 'planNums' | 'periodDays' | 'waiveOverdueFee' | 'waiveInterest'>): RestructureTerms {
  return { planNums: row.planNums, periodDays: row.periodDays, waiveOverdueFee: row.waiveOverdueFee, waiveInterest: row.waiveInterest };
}

function requestView(row: HardshipRequestRow): HardshipRequestView {
  return { id: row.id, orderId: row.orderId, reason: row.reason as HardshipReason, note: row.note, monthlyAmount: num(row.monthlyAmount), state: row.state, createdAt: row.createdAt.toISOString() };
}

/** The signing code's channel: the borrower and the offer (a code signs only the offer it was sent for). */
export function restructureChannelKey(userId: string, offerId: number): string {
  return `restructure-${createHash('sha256').update(`${userId}|${offerId}`).digest('hex').slice(0, 32)}`;
}

/** What the acceptance signs: the offer and the plan's figures as shown (sha256, kept with the evidence). */
function termsHash(offer: RestructureRow, plan: RestructurePlanView): string {
  return createHash('sha256').update(JSON.stringify({ offerId: offer.id, orderId: offer.orderId, plan })).digest('hex');
}

/**
 * Restructuring and hardship (issue 23 item 5; docs/decisions/117-restructuring-and-hardship.md):
 * the borrower's request for help, the collector's offer (a `loan.restructure` proposal; its
 * approval makes the offer), and the borrower's acceptance, which restructures the loan in one
 * transaction with balanced postings (domain restructureLoan and restructurePosting), or decline.
 */
export class RestructureService {
  constructor(private readonly deps: RestructureDeps) {}

  get rules(): RestructureRules {
    return this.deps.rules;
  }

  private today(): IsoDate {
    return vietnamDate(this.deps.clock());
  }

  /** The borrower's paid-out order (another borrower's answers not found). */
  private async ownLoan(userId: string, orderId: number): Promise<LoadedLoan> {
    const loan = await this.deps.loans.readLoan(orderId);
    if (!loan || loan.order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return loan;
  }

  /** Whether an offer can still be accepted now. */
  private open(offer: RestructureRow | null): offer is RestructureRow {
    return offer !== null && offer.state === 'offered' && offer.expiresAt.getTime() > this.deps.clock().getTime();
  }

  /** The plan of an offer as it would be if accepted today (null when the loan no longer fits the rules). */
  private planToday(state: LoanState, offer: Pick<RestructureRow, 'planNums' | 'periodDays' | 'waiveOverdueFee' | 'waiveInterest'>): RestructurePlan | null {
    const today = this.today();
    try {
      return restructureLoan(accrueThrough(state, today).state, today, termsOf(offer), this.deps.rules);
    } catch (error) {
      if (error instanceof RestructureRefused) return null;
      throw error;
    }
  }

  private async signingCodeOf(order: OrderRow): Promise<'required' | 'optional'> {
    const product = await this.deps.products.findById(order.productId);
    return product?.signingCode === 'optional' ? 'optional' : 'required';
  }

  /** The order page's hardship section. */
  async view(userId: string, orderId: number): Promise<HardshipView> {
    const loan = await this.ownLoan(userId, orderId);
    const { order } = loan;
    const request = await this.deps.repository.currentRequest(orderId);
    const current = await this.deps.repository.currentOffer(orderId);
    const today = this.today();
    const accrued = accrueThrough(loan.state, today).state;
    const canAsk =
      order.state === 'repaying' &&
      order.restructuredOn === null &&
      !(request && (request.state === 'open' || request.state === 'offered')) &&
      mayAskForHelp(accrued, today, this.deps.rules);
    let offer: HardshipView['offer'] = null;
    if (order.state === 'repaying' && this.open(current)) {
      const plan = this.planToday(loan.state, current);
      if (plan) {
        offer = {
          id: current.id,
          planNums: current.planNums,
          periodDays: current.periodDays,
          waiveOverdueFee: num(plan.terms.waiveOverdueFee),
          waiveInterest: num(plan.terms.waiveInterest),
          expiresAt: current.expiresAt.toISOString(),
          signingCode: await this.signingCodeOf(order),
          plan: planView(plan),
        };
      }
    }
    return {
      orderId,
      canAsk,
      request: request ? requestView(request) : null,
      offer,
      restructured: order.restructuredOn && order.watchUntil ? { on: order.restructuredOn, watchUntil: order.watchUntil } : null,
    };
  }

  /** The borrower asks for help (one open request per loan). */
  async ask(userId: string, input: { orderId: number; reason: HardshipReason; note: string; monthlyAmount: number }): Promise<HardshipView> {
    const { uow, loans, repository } = this.deps;
    await uow.transaction(async () => {
      const [order] = await loans.orders.lock([input.orderId]);
      if (!order || order.userId !== userId || !order.startDate) throw new AppError('ORDER_NOT_FOUND');
      if (order.state !== 'repaying' || order.restructuredOn !== null) throw new AppError('HARDSHIP_NOT_ELIGIBLE');
      const loan = await loans.readLoan(order.id);
      const today = this.today();
      if (!loan || !mayAskForHelp(accrueThrough(loan.state, today).state, today, this.deps.rules)) throw new AppError('HARDSHIP_NOT_ELIGIBLE');
      const row = await repository.insertRequest({ orderId: order.id, userId, reason: input.reason, note: input.note.trim(), monthlyAmount: BigInt(input.monthlyAmount) });
      if (!row) throw new AppError('HARDSHIP_REQUEST_OPEN');
    });
    return this.view(userId, input.orderId);
  }

  /** The loan's live request for help (the proposal links the offer to it). */
  requestOf(orderId: number): Promise<HardshipRequestRow | null> {
    return this.deps.repository.liveRequest(orderId);
  }

  /** The back office's list of requests. */
  async requests(state: 'open' | 'offered') {
    const rows = await this.deps.repository.requests(state);
    return rows.map((row) => ({ ...requestView(row), orderNo: row.orderNo, caseId: row.caseId }));
  }

  /** A loan that may be restructured (being repaid, never restructured); throws ORDER_NOT_FOUND or RESTRUCTURE_NOT_ALLOWED. */
  private async restructurable(orderId: number): Promise<LoadedLoan> {
    const loan = await this.deps.loans.readLoan(orderId);
    if (!loan) {
      if (await this.deps.loans.orders.findById(orderId)) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
      throw new AppError('ORDER_NOT_FOUND');
    }
    if (loan.order.state !== 'repaying' || loan.order.restructuredOn !== null) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
    return loan;
  }

  /** The back office's preview of an offer: today's plan, the caps, the rules broken; moves nothing. */
  async preview(input: TermsInput): Promise<RestructurePreview> {
    const loan = await this.restructurable(input.orderId);
    const today = this.today();
    const state = accrueThrough(loan.state, today).state;
    const terms: RestructureTerms = { planNums: input.planNums, periodDays: input.periodDays, waiveOverdueFee: BigInt(input.waiveOverdueFee), waiveInterest: BigInt(input.waiveInterest) };
    const violations = restructureViolations(state, today, terms, this.deps.rules);
    const caps = waiverCaps(state, today, this.deps.rules);
    const plan = violations.length === 0 ? restructureLoan(state, today, terms, this.deps.rules) : null;
    const request = await this.deps.repository.liveRequest(input.orderId);
    const current = await this.deps.repository.currentOffer(input.orderId);
    const latest = await this.deps.repository.latestOffer(input.orderId);
    const rules = this.deps.rules;
    return {
      orderNo: loan.order.orderNo,
      rules: {
        maxInstalments: rules.maxInstalments,
        minPeriodDays: rules.minPeriodDays,
        maxPeriodDays: rules.maxPeriodDays,
        maxTermDays: rules.maxTermDays,
        maxExtensionDays: rules.maxExtensionDays,
        maxOverdueFeeWaiverPercent: Number(rules.maxOverdueFeeWaiverPercent),
        maxOverdueInterestWaiverPercent: Number(rules.maxOverdueInterestWaiverPercent),
        offerValidDays: rules.offerValidDays,
        watchDays: rules.watchDays,
      },
      caps: { overdueFee: num(caps.overdueFee), interest: num(caps.interest) },
      violations,
      plan: plan ? planView(plan) : null,
      request: request ? requestView(request) : null,
      openOffer: this.open(current) ? { id: current.id, expiresAt: current.expiresAt.toISOString() } : null,
      lastOffer: latest ? { id: latest.id, state: latest.state === 'offered' && !this.open(latest) ? 'expired' : latest.state, expiresAt: latest.expiresAt.toISOString(), decidedAt: latest.decidedAt?.toISOString() ?? null } : null,
    };
  }

  /**
   * The proposal's checks (when proposed and again when approved): a loan that may be
   * restructured, no offer waiting for the borrower, terms within the rules today.
   */
  async check(payload: RestructureProposal): Promise<{ summary: string; before: unknown }> {
    const loan = await this.restructurable(payload.orderId);
    if (this.open(await this.deps.repository.currentOffer(payload.orderId))) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
    const today = this.today();
    const state = accrueThrough(loan.state, today).state;
    const terms: RestructureTerms = { planNums: payload.planNums, periodDays: payload.periodDays, waiveOverdueFee: BigInt(payload.waiveOverdueFee), waiveInterest: BigInt(payload.waiveInterest) };
    const violations = restructureViolations(state, today, terms, this.deps.rules);
    if (violations.length > 0) throw new AppError('RESTRUCTURE_OFFER_INVALID', { params: { rules: violations.join(', ') }, data: { violations } });
    const plan = planView(restructureLoan(state, today, terms, this.deps.rules));
    const waived = payload.waiveOverdueFee + payload.waiveInterest;
    return {
      summary: `Restructure order ${loan.order.orderNo}: ${payload.planNums} instalments every ${payload.periodDays} days, ${waived} VND waived; ${plan.totalRepayable} VND to repay, APR ${plan.aprPercent}%`,
      before: { orderNo: loan.order.orderNo, owed: plan.closed, plan },
    };
  }

  /** The approval (in its transaction): the offer is made for the borrower to review; no money moves yet. */
  async offer(payload: RestructureProposal, decision: { proposalId: number }): Promise<{ offerId: number; expiresAt: string }> {
    const { uow, loans, repository, messages } = this.deps;
    uow.requireTransaction('RestructureService.offer');
    const now = this.deps.clock();
    const [order] = await loans.orders.lock([payload.orderId]);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    await repository.expireStale(order.id, now);
    await this.check(payload);
    const request = await repository.liveRequest(order.id);
    const expiresAt = new Date(now.getTime() + this.deps.rules.offerValidDays * 86_400_000);
    const row = await repository.insertOffer({
      orderId: order.id,
      userId: order.userId,
      requestId: request?.id ?? null,
      proposalId: decision.proposalId,
      planNums: payload.planNums,
      periodDays: payload.periodDays,
      waiveOverdueFee: BigInt(payload.waiveOverdueFee),
      waiveInterest: BigInt(payload.waiveInterest),
      offeredAt: now,
      expiresAt,
    });
    if (!row) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
    if (request) await repository.setRequestState(request.id, 'offered', now);
    await messages.notify(order.userId, 'restructureOffered', { orderNo: order.orderNo, planNums: payload.planNums, expiresOn: expiresAt }, { eventKey: `restructure-offered:${row.id}` });
    return { offerId: row.id, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The job (decision 121): every offer past its validity is marked expired and its request waits
   * for an offer again, whether or not another offer follows. Idempotent; acceptance refuses an
   * offer past its time even before the job has run (`open`).
   */
  async expireDue(): Promise<{ expired: number }> {
    const { uow, repository } = this.deps;
    const expired = await uow.transaction(() => repository.expireStale(null, this.deps.clock()));
    return { expired };
  }

  /** The borrower's offer, read (another borrower's answers not found). */
  private async ownOffer(userId: string, offerId: number): Promise<RestructureRow> {
    const offer = await this.deps.repository.offer(offerId);
    if (!offer || offer.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    return offer;
  }

  /** Sends the code that signs acceptance of this offer to the borrower's own phone. */
  async sendCode(requester: { userId: string; phone: string; ip: string; deviceId: string | null }, offerId: number) {
    const offer = await this.ownOffer(requester.userId, offerId);
    if (!this.open(offer)) throw new AppError('RESTRUCTURE_OFFER_NOT_OPEN');
    const order = await this.deps.loans.orders.findById(offer.orderId);
    const name = this.deps.productName;
    const sent = await this.deps.otp.send({
      phone: requester.phone,
      ip: requester.ip,
      deviceId: requester.deviceId,
      // As the loan's signing code (decision 112): only to the signed-in borrower's own phone.
      botCheckPassed: true,
      channel: {
        key: restructureChannelKey(requester.userId, offer.id),
        digits: 4,
        message: (code, minutes) =>
          `${name}: ma ${code} dung de KY dong y co cau lai khoan vay ${order?.orderNo ?? ''}. Ma het han sau ${minutes} phut. Khong chia se ma nay cho bat ky ai, ke ca nhan vien ${name}.`,
      },
    });
    return { ...sent, phoneMasked: maskPhone(requester.phone) };
  }

  /** Tries the code in its own transaction (the try counts even when wrong); the evidence, or the refusal. */
  private async useCode(context: AcceptContext, offerId: number, code: string): Promise<CodeEvidence> {
    const channel = restructureChannelKey(context.userId, offerId);
    const check = this.deps.otp.checkOf(context.phone, code, channel);
    const tried = await this.deps.uow.transaction(() => this.deps.loans.orders.tryCode(check));
    if (!tried) throw await this.deps.otp.refusalOf(context.phone, channel);
    if (!tried.matched) throw new AppError(tried.attempts >= check.maxAttempts ? 'OTP_LOCKED' : 'OTP_INCORRECT');
    return { otpCodeId: tried.id, codeHash: check.codeHash, phone: context.phone };
  }

  /**
   * The borrower accepts: in one transaction with the loan locked, the loan accrued and posted
   * through today, restructured (domain restructureLoan), the restructure posted (closed, waived,
   * opened; keyed by the offer), the old instalments closed and the new ones inserted, the order
   * restructured with its watch period, the offer accepted with its evidence. A repeat after it
   * answers the same view and changes nothing.
   */
  async accept(context: AcceptContext, input: { offerId: number; totalRepayable: number; signCode?: string | undefined }): Promise<HardshipView> {
    const { uow, loans, ledger, repository } = this.deps;
    const first = await this.ownOffer(context.userId, input.offerId);
    if (first.state === 'accepted') return this.view(context.userId, first.orderId);
    if (!this.open(first)) throw new AppError('RESTRUCTURE_OFFER_NOT_OPEN');
    const order = await loans.orders.findById(first.orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const signingCode = await this.signingCodeOf(order);
    if (signingCode === 'required' && !input.signCode) throw new AppError('SIGNING_CODE_REQUIRED');
    const evidence = input.signCode ? await this.useCode(context, first.id, input.signCode) : null;

    await uow.transaction(async () => {
      const loan = await loans.lockLoan(first.orderId);
      const offer = await repository.lockOffer(first.id);
      if (!loan || !offer) throw new AppError('ORDER_NOT_FOUND');
      if (offer.state === 'accepted') return;
      if (!this.open(offer)) throw new AppError('RESTRUCTURE_OFFER_NOT_OPEN');
      if (loan.order.state !== 'repaying' || loan.order.restructuredOn !== null) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
      const now = this.deps.clock();
      const today = vietnamDate(now);
      const state = await loans.accrueAndPost(loan, today);
      let plan: RestructurePlan;
      try {
        plan = restructureLoan(state, today, termsOf(offer), this.deps.rules);
      } catch (error) {
        if (error instanceof RestructureRefused) throw new AppError('RESTRUCTURE_NOT_ALLOWED');
        throw error;
      }
      const view = planView(plan);
      if (view.totalRepayable !== input.totalRepayable) throw new AppError('RESTRUCTURE_OFFER_CHANGED', { data: { totalRepayable: view.totalRepayable } });

      const posting = restructurePosting({ loanId: String(loan.order.id), borrowerId: loan.order.userId, businessDate: today }, String(offer.id), plan);
      if (posting) await ledger.post(posting);
      const closed = new Set(plan.closedParts);
      for (const instalment of plan.state.instalments) {
        if (closed.has(instalment.planPart)) await repository.closeInstalment(loan.order.id, instalment, offer.id, now);
      }
      // Old instalments left as they were still take the day's accrual (accrueAndPost changed their balances).
      const untouched = plan.state.instalments.filter((instalment) => !closed.has(instalment.planPart) && loan.instalments.some((row) => row.planPart === instalment.planPart));
      await loans.saveLoan({ ...loan, instalments: loan.instalments.filter((row) => !closed.has(row.planPart)) }, { ...plan.state, instalments: untouched }, now);
      const opened = plan.state.instalments.filter((instalment) => !loan.instalments.some((row) => row.planPart === instalment.planPart));
      await repository.insertInstalments(
        loan.order.id,
        opened.map((instalment) => ({ state: instalment, scheduledInterest: plan.instalments.find((row) => row.planPart === instalment.planPart)!.interest })),
      );
      await loans.orders.update(loan.order.id, { restructuredOn: today, watchUntil: addVietnamDays(today, this.deps.rules.watchDays) });
      await repository.updateOffer(offer.id, {
        state: 'accepted',
        decidedAt: now,
        acceptedOn: today,
        result: {
          closedParts: plan.closedParts,
          closed: view.closed,
          waived: view.waived,
          carried: view.carried,
          oldSchedule: loan.instalments
            .filter((row) => closed.has(row.planPart))
            .map((row) => ({ planPart: row.planPart, periodStart: row.periodStart, dueDate: row.dueDate, principal: String(row.principal), fee: String(row.fee), scheduledInterest: String(row.scheduledInterest) })),
          plan: view,
        },
        acceptedAtVietnam: vietnamTimeText(now),
        ip: context.ip,
        deviceId: context.deviceId,
        userAgent: context.userAgent,
        signedWith: evidence ? 'code' : 'tick',
        codePhone: evidence?.phone ?? null,
        codeHash: evidence?.codeHash ?? null,
        otpCodeId: evidence?.otpCodeId ?? null,
        textHash: termsHash(offer, view),
      });
      if (offer.requestId !== null) await repository.setRequestState(offer.requestId, 'accepted', now);
    });
    return this.view(context.userId, first.orderId);
  }

  /** The borrower declines: the loan stays as it is; they may ask for help again. A repeat changes nothing. */
  async decline(userId: string, offerId: number): Promise<HardshipView> {
    const { uow, repository } = this.deps;
    const first = await this.ownOffer(userId, offerId);
    await uow.transaction(async () => {
      const offer = await repository.lockOffer(first.id);
      if (!offer || offer.state === 'declined') return;
      if (!this.open(offer)) throw new AppError('RESTRUCTURE_OFFER_NOT_OPEN');
      const now = this.deps.clock();
      await repository.updateOffer(offer.id, { state: 'declined', decidedAt: now });
      if (offer.requestId !== null) await repository.setRequestState(offer.requestId, 'declined', now);
    });
    return this.view(userId, first.orderId);
  }
}
