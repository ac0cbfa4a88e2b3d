import type { EndpointParsedInput, Language, endpoints } from '@sen/contract';
import { quoteLoan } from '@sen/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { HomeService } from '../credit/index.ts';
import type { MessageService } from '../message/index.ts';
import { defaultPlanOf, quotePlan, type ProductRow, type ProductService } from '../product/index.ts';
import type { UserService } from '../user/index.ts';
import { fillAgreement, maskPhone, type AgreementDocument } from './agreements.ts';
import type { LoanSettledEvent } from '../repayment/index.ts';
import { orderLoanTerms } from './loan-state.ts';
import type { LoanService } from './loan.service.ts';
import type { CommitContext, OrderService } from './order.service.ts';

/** What the agreement text is of: a quote (single or batch), or an order's accepted figures. */
export interface AgreementQuery {
  productIds: number[];
  amount?: number | undefined;
  planNums?: number | undefined;
  orderId?: number | undefined;
}

export interface BorrowingServiceDeps {
  uow: UnitOfWork;
  users: UserService;
  home: HomeService;
  product: ProductService;
  loans: LoanService;
  orders: OrderService;
  messages: MessageService;
  log: FastifyBaseLogger;
  tickerMinLoans: number;
}

/**
 * Borrowing as the borrower sees it (issue 11; decisions 070, 071): the quote from the home's
 * product cards, the agreement texts, the batch commit, apply-again and the home ticker. The
 * commits themselves are OrderService's.
 */
export class BorrowingService {
  constructor(private readonly deps: BorrowingServiceDeps) {}

  /** The borrower's public number and phone (from the session's prepared read when it has them). */
  async identity(userId: string, known: { publicId: number; phone: string } | undefined): Promise<{ publicId: number; phone: string }> {
    if (known) return known;
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return { publicId: user.publicId, phone: user.phone };
  }

  /** A product the borrower can quote now, with the amount clamped into what it and their credit allow. */
  async quotable(userId: string, lang: Language, productId: number, amount: number) {
    const index = await this.deps.home.index(userId, lang);
    if (index.userCreditStatus !== 1) {
      throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: index.userCreditStatus, enableLoanDate: index.enableLoanDate } });
    }
    const card = [...index.showProducts, ...index.canNotApplyProducts].find((candidate) => candidate.productId === productId);
    const product = (await this.deps.product.activeProducts()).find((candidate) => candidate.id === productId);
    if (!card || !product) throw new AppError('PRODUCT_NOT_AVAILABLE');
    const available = BigInt(index.userCreditAmount);
    const most = available < product.maxAmount ? available : product.maxAmount;
    if (most < product.minAmount) throw new AppError('CREDIT_LIMIT_EXCEEDED');
    const asked = BigInt(amount);
    const clamped = asked < product.minAmount ? product.minAmount : asked > most ? most : asked;
    return { index, card, product, amount: clamped };
  }

  /** The product detail page's figures for a quote. */
  async quote(userId: string, lang: Language, productId: number, amount: number) {
    const quoted = await this.quotable(userId, lang, productId, amount);
    return { ...quoted, detail: this.deps.home.productDetail(quoted.card, quoted.product, quoted.amount, quoted.index) };
  }

  /** The agreement text for a quote (single or batch) or an order's accepted figures. */
  async agreementText(userId: string, phone: string, lang: Language, document: AgreementDocument, query: AgreementQuery): Promise<{ title: string; text: string }> {
    const { orders, loans, home, product: products } = this.deps;
    const parties = await orders.agreementParties(userId, phone);
    const today = orders.today();
    if (query.orderId !== undefined) {
      // The agreement as accepted: the order's own terms, dated and scheduled from its commit day.
      const order = await loans.orders.findOfUser(userId, query.orderId);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      const { schedule, cost } = quoteLoan(orderLoanTerms(order, order.applyDate));
      return fillAgreement(document, lang, parties, { productName: order.productName, date: order.applyDate, dailyRatePpm: order.dailyRatePpm, overdueRatePpm: order.overdueRatePpm, termDays: order.termDays, planNums: order.planNums, schedule, cost });
    }
    const sections: { title: string; text: string }[] = [];
    // Several products: each with its share of the total asked (withdraw with an amount choice), else of all the credit.
    const loanPage = query.productIds.length > 1 ? await home.loanPage(userId, lang, query.amount) : null;
    for (const productId of query.productIds) {
      let product: ProductRow;
      let amount: bigint;
      let planNums = query.planNums;
      if (loanPage) {
        const detail = loanPage.showProducts.find((candidate) => candidate.productId === productId);
        const row = (await products.activeProducts()).find((candidate) => candidate.id === productId);
        if (!detail || !row) throw new AppError('PRODUCT_NOT_AVAILABLE');
        product = row;
        amount = BigInt(detail.loanAmount);
        planNums = undefined;
      } else {
        const quoted = await this.quotable(userId, lang, productId, query.amount ?? 0);
        product = quoted.product;
        amount = quoted.amount;
      }
      const plan = planNums ?? defaultPlanOf(product);
      if (!product.planNums.includes(plan)) throw new AppError('LOAN_TERM_INVALID');
      const quote = quotePlan(product, amount, plan, today, true);
      sections.push(
        fillAgreement(document, lang, parties, { productName: product.name, date: today, dailyRatePpm: product.dailyRatePpm, overdueRatePpm: Number(product.overdueDailyRatePpm), termDays: product.termDays, planNums: plan, schedule: quote.schedule, cost: quote.cost }),
      );
    }
    // No order and no product named: there is no agreement to show.
    const [first] = sections;
    if (!first) throw new AppError('NOT_FOUND');
    return { title: first.title, text: sections.map((section) => section.text).join('\n\n') };
  }

  /** An agreement for a visitor's WebView: the figures of the query, the borrower left to the app. */
  async publicAgreement(document: AgreementDocument, lang: Language, query: Omit<AgreementQuery, 'orderId'>): Promise<{ title: string; text: string }> {
    const { orders } = this.deps;
    const productId = query.productIds[0];
    const product = (await this.deps.product.activeProducts()).find((candidate) => candidate.id === productId);
    if (!product) throw new AppError('NOT_FOUND');
    const asked = BigInt(query.amount ?? Number(product.maxAmount));
    const amount = asked < product.minAmount ? product.minAmount : asked > product.maxAmount ? product.maxAmount : asked;
    const plan = query.planNums !== undefined && product.planNums.includes(query.planNums) ? query.planNums : defaultPlanOf(product);
    const quote = quotePlan(product, amount, plan, orders.today(), true);
    const parties = { lender: orders.lender, borrower: { fullName: '—', idNumberMasked: '—', phoneMasked: '—' } };
    return fillAgreement(document, lang, parties, { productName: product.name, date: orders.today(), dailyRatePpm: product.dailyRatePpm, overdueRatePpm: product.overdueDailyRatePpm, termDays: product.termDays, planNums: plan, schedule: quote.schedule, cost: quote.cost });
  }

  /** The batch commit (order/commitAll): every product of the loan page the borrower chose, split as the home splits the credit. */
  async commitAll(context: CommitContext, input: EndpointParsedInput<typeof endpoints.orderCommitAll>) {
    const { home, orders } = this.deps;
    const index = await home.index(context.userId, context.lang);
    if (index.userCreditStatus !== 1) throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: index.userCreditStatus, enableLoanDate: index.enableLoanDate } });
    return orders.commitBatch(context, { ...input, productIds: input.productIds ?? [] }, index.showProducts, (cards, available) => home.allocate(cards, available), BigInt(index.userCreditAmount));
  }

  /** Repay & auto-apply (API-FAMILY.md §6.6): the wish is kept on the order and carried out when it settles. */
  async applyAgain(userId: string, orderId: number, applyAgainSign: number | undefined): Promise<void> {
    const order = await this.deps.loans.orders.findOfUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.state !== 'repaying') throw new AppError('ORDER_NOT_REPAYABLE');
    await this.deps.loans.orders.update(order.id, { reloanSign: applyAgainSign === 2 ? 2 : 1 });
  }

  async cancelApplyAgain(userId: string, orderId: number): Promise<void> {
    const order = await this.deps.loans.orders.findOfUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.reloanSign !== null) await this.deps.loans.orders.update(order.id, { reloanSign: null });
  }

  /** '1' (Repay, and Repay & auto-apply) while the borrower repays a loan whose product still lends; '0' otherwise. */
  async reloanButtonSign(userId: string): Promise<'0' | '1'> {
    const active = new Set((await this.deps.product.activeProducts()).map((product) => product.id));
    const repaying = await this.deps.loans.orders.listOfUser(userId, ['repaying']);
    return repaying.some((order) => active.has(order.productId)) ? '1' : '0';
  }

  /** The home ticker: real recent payouts only, phones masked; hidden with too few (DESIGN.md departure). */
  async ticker(): Promise<{ show: boolean; entries: { phone: string; amount: number; disbursedAt: string }[] }> {
    const rows = await this.deps.loans.orders.recentPayouts(20);
    const entries = rows.map((row) => ({ phone: maskPhone(row.phone), amount: Number(row.amount), disbursedAt: row.disbursedAt!.toISOString() }));
    const show = entries.length >= this.deps.tickerMinLoans;
    return { show, entries: show ? entries : [] };
  }

  /** Repay & auto-apply, carried out once the order that asked for it is settled (the `loan.settled` event). */
  async borrowAgainOnSettlement(event: LoanSettledEvent): Promise<void> {
    const sign = event.reloanSign;
    if (!sign) return;
    const { loans, users, messages, home, orders, uow, log } = this.deps;
    const settled = await loans.orders.findById(event.orderId);
    const user = await users.findById(event.userId);
    if (!settled || !user) return;
    const lang = await messages.languageOf(event.userId);
    const index = await home.index(event.userId, lang);
    if (index.userCreditStatus !== 1) return;
    const context: CommitContext = {
      userId: event.userId,
      publicUserId: user.publicId,
      phone: user.phone,
      lang,
      idempotencyKey: undefined,
      ip: settled.ip,
      deviceId: settled.imei,
      userAgent: 'apply-again',
      eventLog: null,
      signature: null,
    };
    try {
      const made = await uow.transaction(() => orders.reborrow(context, settled, sign, { cards: index.showProducts, available: BigInt(index.userCreditAmount), allocate: (cards, available) => home.allocate(cards, available) }));
      log.info({ orderId: settled.id, made }, 'borrowed again on settlement (apply/again)');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      log.info({ orderId: settled.id, refused: error.errorName }, 'apply/again on settlement refused');
    }
  }
}
