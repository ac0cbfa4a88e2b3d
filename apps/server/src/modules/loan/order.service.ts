import { createHash } from 'node:crypto';
import {
  canonicalPayload,
  CREDIT_STATUS,
  ERRORS,
  orderStatusMessageKey,
  translate,
  type BatchCommitResult,
  type CommittedOrder,
  type EndpointParsedInput,
  type endpoints,
  type Language,
  type ProductCard,
} from '@sen/contract';
import { addVietnamDays, vietnamDate, type IsoDate } from '@sen/domain';
import { payoutReference } from '../../providers/payout/payout-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { sha256Hex } from '../../shared/crypto.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import type { CleanImage } from '../../shared/uploads/image-upload.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BankService, ReceivingAccount } from '../bank/index.ts';
import type { CertificationService } from '../certification/index.ts';
import type { CreditService } from '../credit/index.ts';
import type { FilesService } from '../files/index.ts';
import { defaultPlanOf, offersPlan, overdueRateOf, quotePlan, type ProductRow, type ProductService } from '../product/index.ts';
import { AGREEMENT_DOCUMENTS, AGREEMENT_VERSIONS, fillAgreement, maskPhone, textHash, type AgreementLoan, type AgreementParties } from './agreements.ts';
import type { OrderRow } from './loan-state.ts';
import { orderStatusCode } from './loan-state.ts';
import type { CodeTry, OrderRepository } from './order.repository.ts';
import type { CodeEvidence, SigningApplication, SigningCodeService } from './signing-code.ts';

/** The family's clients send this literal as the auditKey: it identifies nothing (decision 070). */
export const LITERAL_AUDIT_KEY = 'auditKey';
/** Repeats of a commit without any key within this window are the same commit (a double tap, a retry). */
export const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;
/** The eventFile text kept with an order, at most. */
const EVENT_LOG_LIMIT = 16 * 1024;

/** A commit's text parts as its endpoint parses them (the contract's schema, not a copy). */
export type CommitInput = EndpointParsedInput<typeof endpoints.orderCommit>;
/** A batch commit's text parts as its endpoint parses them. */
export type BatchCommitInput = EndpointParsedInput<typeof endpoints.orderCommitAll>;

/** Who commits, from where (the acceptance record's facts). */
export interface CommitContext {
  userId: string;
  publicUserId: number;
  phone: string;
  lang: Language;
  /** The Idempotency-Key header, if sent. */
  idempotencyKey: string | undefined;
  ip: string;
  deviceId: string;
  userAgent: string;
  eventLog: string | null;
  signature: CleanImage | null;
}

export interface OrderServiceDeps {
  uow: UnitOfWork;
  orders: OrderRepository;
  products: ProductService;
  credit: CreditService;
  bank: BankService;
  certification: CertificationService;
  files: FilesService;
  /** The loans' business clock. */
  clock: Clock;
  /** The signing codes (decision 112). */
  signing: SigningCodeService;
  parties: { lender: AgreementParties['lender'] };
}

const SYMBOL = '₫';

/** An instant on the Vietnam clock (UTC+7, no daylight saving) as the acceptance record keeps it. */
export function vietnamTimeText(instant: Date): string {
  return `${new Date(instant.getTime() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')} +07:00`;
}

/** How a commit's agreements are signed with a code: checked by the commit itself, or already (a batch's). */
type CodeSigning = { check: SigningApplication; code: string } | { verified: CodeEvidence };

/**
 * Borrowing (issue 11; docs/decisions/070, 071): the commit of one product or several. A commit
 * runs in one transaction with the borrower's commits serialised (an advisory lock on the
 * borrower, then the credit row locked by credit.reserve): credit approved, product open and
 * within its daily quota, amount in range and within the remaining limit, term and plan offered,
 * the borrower's own receiving account, the current agreements accepted (and signed where the
 * product asks); then the order, its schedule, the two acceptance records and the first payout
 * attempt. Nothing is paid here: the payout job sends it. A repeat of a commit returns the first
 * order (by its key: the auditKey, the Idempotency-Key header, or one derived from the request);
 * a client's key reused with a different request is refused (IDEMPOTENCY_KEY_REUSED, decision 086).
 */
export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

  /** The key a commit is known by (decision 070). */
  commitKey(context: Pick<CommitContext, 'userId' | 'idempotencyKey'>, input: Pick<CommitInput, 'auditKey' | 'productId' | 'amount' | 'loanTermId' | 'planNums'>, scope = 'single'): string {
    if (input.auditKey && input.auditKey !== LITERAL_AUDIT_KEY) return `audit:${input.auditKey}`;
    if (context.idempotencyKey) return `header:${context.idempotencyKey}`;
    const window = Math.floor(this.deps.clock().getTime() / DERIVED_KEY_WINDOW_MS);
    const digest = createHash('sha256')
      .update([scope, context.userId, input.productId, input.amount, input.loanTermId ?? '', input.planNums ?? '', window].join('|'))
      .digest('hex');
    return `derived:${digest}`;
  }

  /**
   * What a client's key stands for (decision 086): sha256 of the canonical JSON of the request's
   * loan (products, amount, term, plan, receiving account, borrower), or null for a key the server
   * derived from the request itself, which cannot mean another request. The device facts (IP,
   * device id, position, event log) and the agreement version are left out: a retry may differ in them.
   */
  private requestHash(key: string, loan: Record<string, unknown>): string | null {
    return key.startsWith('derived:') ? null : sha256Hex(canonicalPayload(loan));
  }

  /** The order a key made, unless the client used the key for another request (IDEMPOTENCY_KEY_REUSED). */
  private sameRequest(order: OrderRow, requestHash: string | null): OrderRow {
    if (requestHash !== null && order.requestHash !== null && order.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return order;
  }

  /** order/commit/with/event. */
  async commit(context: CommitContext, input: CommitInput): Promise<CommittedOrder> {
    if (input.userId !== undefined && input.userId !== context.publicUserId) throw new AppError('ACCESS_DENIED');
    const key = this.commitKey(context, input);
    const { productId, amount, loanTermId, planNums, payWay, bankInfoId, userCashWalletId, userId } = input;
    const requestHash = this.requestHash(key, { productId, amount, loanTermId, planNums, payWay, bankInfoId, userCashWalletId, userId });
    const signing = input.signCode ? { check: { productIds: [productId], amount, planNums }, code: input.signCode } : null;
    const order = await this.commitOne(context, input, key, null, requestHash, signing);
    return this.committed(order, context.lang);
  }

  /**
   * order/commit/all/with/event: the available credit spread over the chosen products in the
   * order given ('borrow from all', the same rule as index/loan/page), each product committed in
   * its own transaction (one failing never undoes another), a result per product.
   */
  async commitBatch(
    context: CommitContext,
    input: Omit<BatchCommitInput, 'productIds'> & { productIds: number[] },
    cards: ProductCard[],
    allocate: (cards: ProductCard[], available: bigint) => { card: ProductCard; amount: bigint }[],
    available: bigint,
    /** The auditKey is the server's own (apply/again), not a client's: nothing to compare. */
    serverKey = false,
  ): Promise<BatchCommitResult[]> {
    if (input.userId !== undefined && input.userId !== context.publicUserId) throw new AppError('ACCESS_DENIED');
    const productIds = [...new Set(input.productIds)];
    if (productIds.length === 0 || productIds.length > 20) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.select' });
    const chosen = productIds.map((id) => cards.find((card) => card.productId === id)).filter((card): card is ProductCard => card !== undefined);
    // A batch total below every chosen product's minimum is bad input, not a lack of credit.
    const smallestMinimum = chosen.reduce<bigint | null>((least, card) => (least === null || BigInt(card.minLoanAmount) < least ? BigInt(card.minLoanAmount) : least), null);
    if (input.amount !== undefined && smallestMinimum !== null && BigInt(input.amount) < smallestMinimum) {
      throw new AppError('VALIDATION_FAILED', { messageKey: 'error.amountOutOfRange' });
    }
    // The total asked (the family sends the loan page's total) is what is spread, never more than the credit (withdraw with an amount choice, decision 119).
    const parts = allocate(chosen, input.amount !== undefined && BigInt(input.amount) < available ? BigInt(input.amount) : available);
    const batchKey = this.commitKey(context, { ...input, productId: 0, amount: input.amount ?? 0 }, `batch:${productIds.join(',')}`);
    const batchNo = `B${createHash('sha256').update(`${context.userId}|${batchKey}`).digest('hex').slice(0, 15).toUpperCase()}`;
    const { productLoanTermIdMap, productInstallmentMap, amount, payWay, bankInfoId, userCashWalletId, userId } = input;
    const requestHash = serverKey ? null : this.requestHash(batchKey, { productIds, productLoanTermIdMap, productInstallmentMap, amount, payWay, bankInfoId, userCashWalletId, userId });
    // Every order of a batch keeps the batch's hash: one of them tells whether the key meant this batch.
    const ofBatch = await this.deps.orders.findOfBatch(context.userId, batchNo);
    if (ofBatch) this.sameRequest(ofBatch, requestHash);
    // A batch's code signs all its products: used once, before them (a repeat answers its orders without it).
    const signing = input.signCode && !ofBatch ? { verified: await this.useBatchCode(context, { productIds, amount: input.amount, planNums: undefined, plans: productInstallmentMap }, input.signCode) } : null;
    const results: BatchCommitResult[] = [];
    let total = 0n;
    for (const productId of productIds) {
      const part = parts.find((candidate) => candidate.card.productId === productId);
      const card = cards.find((candidate) => candidate.productId === productId);
      const base = { productId, productName: card?.productName ?? '', currency: 'VND', currencySymbol: SYMBOL };
      // A repeat of the batch answers the orders it made, whatever credit is left now.
      const earlier = await this.deps.orders.findByIdempotencyKey(context.userId, `${batchKey}:${productId}`);
      if (earlier) {
        const committed = this.committed(earlier, context.lang);
        results.push({ ...base, productName: earlier.productName, loanAmount: committed.loanAmount, pushStatus: 200, pushMessage: '', orderId: earlier.id, orderNo: earlier.orderNo, orderStatus: committed.orderStatus });
        continue;
      }
      if (!part) {
        const error = new AppError(card ? 'CREDIT_LIMIT_EXCEEDED' : 'PRODUCT_NOT_AVAILABLE');
        results.push({ ...base, loanAmount: 0, ...this.failure(error, context.lang) });
        continue;
      }
      if (input.amount !== undefined && total + part.amount > BigInt(input.amount)) {
        results.push({ ...base, loanAmount: Number(part.amount), ...this.failure(new AppError('CREDIT_LIMIT_EXCEEDED'), context.lang) });
        continue;
      }
      try {
        const order = await this.commitOne(
          context,
          {
            ...input,
            productId,
            amount: Number(part.amount),
            loanTermId: input.productLoanTermIdMap?.[String(productId)] ?? undefined,
            planNums: input.productInstallmentMap?.[String(productId)] ?? undefined,
          },
          `${batchKey}:${productId}`,
          batchNo,
          requestHash,
          signing,
        );
        total += part.amount;
        const committed = this.committed(order, context.lang);
        results.push({ ...base, productName: order.productName, loanAmount: committed.loanAmount, pushStatus: 200, pushMessage: '', orderId: order.id, orderNo: order.orderNo, orderStatus: committed.orderStatus });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ ...base, loanAmount: Number(part.amount), ...this.failure(error, context.lang) });
      }
    }
    return results;
  }

  /**
   * Repay & auto-apply (apply/again): when `settled` settles, borrow again — the same product
   * (sign 1: its amount, within the credit now available) or every applicable product (sign 2,
   * 'borrow from all') — under keys made from the settled order, so it happens once. Runs in the
   * settling transaction; a refusal (credit, quota, product closed) leaves the repayment standing.
   */
  async reborrow(
    context: CommitContext,
    settled: OrderRow,
    sign: number,
    home: { cards: ProductCard[]; available: bigint; allocate: (cards: ProductCard[], available: bigint) => { card: ProductCard; amount: bigint }[] },
  ): Promise<number> {
    const auditKey = `reloan-${settled.id}`;
    if (sign === 2) {
      const results = await this.commitBatch(context, { auditKey, productIds: home.cards.map((card) => card.productId) }, home.cards, home.allocate, home.available, true);
      return results.filter((result) => result.pushStatus === 200).length;
    }
    const amount = settled.principal < home.available ? settled.principal : home.available;
    // The key is ours (made from the settled order), not a client's: nothing to compare.
    await this.commitOne(context, { productId: settled.productId, amount: Number(amount), planNums: settled.planNums, auditKey }, this.commitKey(context, { auditKey, productId: settled.productId, amount: Number(amount) }), null, null, null);
    return 1;
  }

  private failure(error: AppError, lang: Language) {
    const definition = ERRORS[error.errorName];
    return {
      pushStatus: definition.code,
      pushMessage: translate(lang, error.messageKey ?? definition.messageKey, error.params),
      orderId: null,
      orderNo: null,
      orderStatus: null,
    };
  }

  private committed(order: OrderRow, lang: Language): CommittedOrder {
    const code = orderStatusCode({ order, attempt: null, loan: null, today: order.applyDate, receiptPending: false });
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      productId: order.productId,
      productName: order.productName,
      loanAmount: Number(order.principal),
      orderStatus: code,
      statusName: translate('en', orderStatusMessageKey(code)),
      statusLabel: translate(lang, orderStatusMessageKey(code)),
      currencySymbol: SYMBOL,
    };
  }

  /** The product a borrower may borrow from now (active and in its window), or PRODUCT_NOT_AVAILABLE. */
  private async openProduct(productId: number): Promise<ProductRow> {
    const product = (await this.deps.products.activeProducts()).find((candidate) => candidate.id === productId);
    if (!product) throw new AppError('PRODUCT_NOT_AVAILABLE');
    return product;
  }

  /** The receiving account named (or the default one), the borrower's own, of the pay way asked. */
  private async receivingAccount(userId: string, input: CommitInput): Promise<ReceivingAccount> {
    const payWay = input.payWay ?? (input.userCashWalletId !== undefined && input.bankInfoId === undefined ? 'WALLET' : 'CARD');
    const named = payWay === 'WALLET' ? input.userCashWalletId : input.bankInfoId;
    // An id that names nothing (0, negative) or a wallet payout without its wallet is refused, never
    // taken as "the default account": money must go where the borrower chose.
    if ((named !== undefined && named <= 0) || (payWay === 'WALLET' && named === undefined)) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    const account = named !== undefined ? await this.deps.bank.accountOf(userId, named) : await this.deps.bank.defaultAccount(userId);
    if (!account || ((named !== undefined || input.payWay !== undefined) && account.kind !== payWay)) throw new AppError('BANK_ACCOUNT_NOT_FOUND');
    return account;
  }

  /** The lender as the agreements name it. */
  get lender(): AgreementParties['lender'] {
    return this.deps.parties.lender;
  }

  /**
   * Takes the principal from the borrower's credit under its row lock; on a refusal the account is
   * read to tell a borrower not (or no longer) approved from one whose limit is used up.
   */
  private async reserveCredit(userId: string, principal: bigint): Promise<void> {
    const { credit } = this.deps;
    try {
      await credit.reserve(userId, principal);
    } catch (error) {
      if (!(error instanceof AppError) || error.errorName !== 'CREDIT_LIMIT_EXCEEDED') throw error;
      // A written-off loan locks the borrower's credit (decision 100): the reservation refused it; say why.
      if (await this.deps.orders.hasWrittenOff(userId)) throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: CREDIT_STATUS.REJECTED, enableLoanDate: null } });
      const standing = await credit.account(userId);
      if (standing?.status !== CREDIT_STATUS.APPROVED) {
        const status = standing?.status ?? CREDIT_STATUS.REVIEWING;
        throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: status, enableLoanDate: status === CREDIT_STATUS.REJECTED ? (standing?.nextTryDate ?? null) : null } });
      }
      throw error;
    }
  }

  /** The parties and figures an agreement is filled with. */
  async agreementParties(userId: string, phone: string): Promise<AgreementParties> {
    const party = await this.deps.certification.contractParty(userId);
    return {
      lender: this.deps.parties.lender,
      borrower: { fullName: party?.fullName ?? '', idNumberMasked: party?.idNumberMasked ?? '', phoneMasked: maskPhone(phone) },
    };
  }

  /** A batch's code, tried once in its own transaction: the evidence for each of its products, or the refusal. */
  private async useBatchCode(context: CommitContext, application: SigningApplication, code: string): Promise<CodeEvidence> {
    const { uow, orders, signing } = this.deps;
    const check = signing.checkOf(context.userId, context.phone, code, application);
    const tried = await uow.transaction(() => orders.tryCode(check));
    const evidence = this.codeEvidence(tried, check.maxAttempts, check.codeHash, context.phone);
    if (evidence) return evidence;
    throw await signing.refusalOf(context.userId, context.phone, application);
  }

  /** The evidence of a code that matched; throws OTP_INCORRECT or OTP_LOCKED for a wrong one; null when no try was made. */
  private codeEvidence(tried: CodeTry | null, maxAttempts: number, codeHash: string, phone: string): CodeEvidence | null {
    if (!tried) return null;
    if (!tried.matched) throw new AppError(tried.attempts >= maxAttempts ? 'OTP_LOCKED' : 'OTP_INCORRECT');
    return { otpCodeId: tried.id, codeHash, phone };
  }

  private async commitOne(context: CommitContext, input: CommitInput, key: string, batchNo: string | null, requestHash: string | null, signing: CodeSigning | null): Promise<OrderRow> {
    const { uow, orders, products, files } = this.deps;
    const earlier = await orders.findByIdempotencyKey(context.userId, key);
    if (earlier) return this.sameRequest(earlier, requestHash);

    const product = await this.openProduct(input.productId);
    if (!offersPlan(product, input.loanTermId, input.planNums)) throw new AppError('LOAN_TERM_INVALID');
    const principal = BigInt(input.amount);
    if (principal < product.minAmount || principal > product.maxAmount) throw new AppError('VALIDATION_FAILED', { messageKey: 'error.amountOutOfRange' });
    if (input.agreementVersion !== undefined && !Object.values(AGREEMENT_VERSIONS).includes(input.agreementVersion)) throw new AppError('AGREEMENT_OUTDATED');
    if (product.signatureRequired && !context.signature) throw new AppError('SIGNATURE_REQUIRED');
    if (product.signingCode === 'required' && !signing) throw new AppError('SIGNING_CODE_REQUIRED');
    const codeCheck = signing && 'check' in signing ? { application: signing.check, ...this.deps.signing.checkOf(context.userId, context.phone, signing.code, signing.check) } : null;
    const account = await this.receivingAccount(context.userId, input);
    const planNums = input.planNums ?? defaultPlanOf(product);
    const parties = await this.agreementParties(context.userId, context.phone);
    // Stored before the transaction (object storage is not transactional); a refused commit leaves it unreferenced.
    const signatureFile = context.signature ? await files.storeImage(context.userId, 'loan_signature', context.signature) : null;

    try {
      const made = await uow.transaction(async (): Promise<OrderRow | AppError> => {
        // The borrower's commits one at a time: a repeat waits and finds the first order.
        await uow.advisoryLock(`loan-commit:${context.userId}`);
        let evidence = signing && 'verified' in signing ? signing.verified : null;
        if (codeCheck) {
          // The re-read and the code's try in one statement, under the lock (so tries of one borrower's codes are serial).
          const { repeat, code } = await orders.recheckWithCode(context.userId, key, codeCheck);
          if (repeat) return this.sameRequest((await orders.findByIdempotencyKey(context.userId, key))!, requestHash);
          if (!code) throw await this.deps.signing.refusalOf(context.userId, context.phone, codeCheck.application);
          // A wrong code: the transaction keeps the counted try (nothing else was written), then the refusal.
          if (!code.matched) return new AppError(code.attempts >= codeCheck.maxAttempts ? 'OTP_LOCKED' : 'OTP_INCORRECT');
          evidence = { otpCodeId: code.id, codeHash: codeCheck.codeHash, phone: context.phone };
        } else {
          const repeat = await orders.findByIdempotencyKey(context.userId, key);
          if (repeat) return this.sameRequest(repeat, requestHash);
        }
        const now = this.deps.clock();
        const today = vietnamDate(now);
        await this.reserveCredit(context.userId, principal);
        if (!(await products.takeQuota(product, today))) {
          const next = addVietnamDays(today, 1);
          throw new AppError('PRODUCT_QUOTA_USED_UP', { params: { date: next }, data: { enableLoanDate: next } });
        }
        const quote = quotePlan(product, principal, planNums, today, true);
        const order = await orders.insert(
          {
            userId: context.userId,
            productId: product.id,
            productName: product.name,
            batchNo,
            state: 'pending',
            principal,
            termDays: product.termDays,
            planNums,
            dailyRatePpm: product.dailyRatePpm,
            overdueRatePpm: Number(overdueRateOf(product)),
            serviceFee: quote.schedule.terms.serviceFee,
            feeTiming: product.feeTiming,
            disbursedAmount: quote.schedule.totals.disbursed,
            receivingAccountId: account.id,
            payWay: account.kind,
            applyDate: today,
            idempotencyKey: key,
            requestHash,
            ip: (input.ip ?? context.ip).slice(0, 64),
            imei: input.imei ?? '',
            coordinate: input.coordinate ?? '',
            eventLog: context.eventLog ? context.eventLog.slice(0, EVENT_LOG_LIMIT) : null,
          },
          quote.schedule,
        );
        const loan: AgreementLoan = {
          productName: product.name,
          date: today,
          dailyRatePpm: product.dailyRatePpm,
          overdueRatePpm: order.overdueRatePpm,
          termDays: product.termDays,
          planNums,
          schedule: quote.schedule,
          cost: quote.cost,
        };
        await orders.insertAcceptances(
          AGREEMENT_DOCUMENTS.map((document) => ({
            orderId: order.id,
            userId: context.userId,
            document,
            version: AGREEMENT_VERSIONS[document],
            textHash: textHash(fillAgreement(document, context.lang, parties, loan).text),
            acceptedAt: now,
            ip: context.ip,
            deviceId: context.deviceId,
            userAgent: context.userAgent.slice(0, 500),
            signatureFileId: signatureFile?.id ?? null,
            signedWith: evidence ? 'code' : 'tick',
            acceptedAtVietnam: vietnamTimeText(now),
            codePhone: evidence?.phone ?? null,
            codeHash: evidence?.codeHash ?? null,
            otpCodeId: evidence?.otpCodeId ?? null,
          })),
        );
        await orders.insertAttempt({
          orderId: order.id,
          attempt: 1,
          reference: payoutReference(order.orderNo, 1),
          amount: order.disbursedAmount,
          receivingAccountId: account.id,
          state: 'created',
          nextCheckAt: now,
        });
        return order;
      });
      if (made instanceof AppError) throw made;
      return made;
    } catch (error) {
      // Another instance committed the same key between our read and our insert: theirs stands.
      if (isUniqueViolation(error)) {
        const first = await orders.findByIdempotencyKey(context.userId, key);
        if (first) return this.sameRequest(first, requestHash);
      }
      throw error;
    }
  }

  /** Today's business date on the loans' clock. */
  today(): IsoDate {
    return vietnamDate(this.deps.clock());
  }
}
