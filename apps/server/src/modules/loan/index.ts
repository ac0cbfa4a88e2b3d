import { endpoints, HEADERS, translate, type Language, type ProductInfoDetail } from '@sen/contract';
import { quoteLoan } from '@sen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, isNotNull, sql } from 'drizzle-orm';
import { loanOrders } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf, headerValue } from '../../shared/headers.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { acceptImagePart } from '../../shared/uploads/image-upload.ts';
import type { SenRouteFlags } from '../../types.ts';
import { defaultPlanOf, quotePlan, type ProductRow } from '../product/index.ts';
import { agreementPage } from './agreement-page.ts';
import { AGREEMENT_VERSIONS, fillAgreement, maskPhone, textHash, type AgreementDocument } from './agreements.ts';
import { orderLoanTerms } from './loan-state.ts';
import { LoanService } from './loan.service.ts';
import { ORDER_LEDGER_CHECKS } from './order-ledger-checks.ts';
import { OrderService, type CommitContext } from './order.service.ts';
import { OrderViews } from './order-views.ts';
import { PayoutService } from './payout.service.ts';

export { LoanService, type LoadedLoan } from './loan.service.ts';
export { OrderRepository, newOrderNo, instalmentRowsOf, type NewOrder } from './order.repository.ts';
export * from './loan-state.ts';
export { PayoutService, type PayoutRun } from './payout.service.ts';
export { OrderService } from './order.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The loan module's public service: pay out, load, accrue and save loans (decision 070). */
    loans: LoanService;
    /** The payout job: sends, reconciles and records payouts (decisions 057, 073). */
    payouts: PayoutService;
    /** Commits (single and batch) and the agreements' parties (decisions 070, 071). */
    orders: OrderService;
  }
}

/**
 * Loans (issues 11 and 12; docs/decisions/070-orders-and-loans.md): orders from commit to
 * settlement. Uses credit, product, bank, messages and the ledger, so it is registered after them;
 * the repayment module (registered after it) answers receipts and payGoUrl at request time.
 */
export const loanModule = globalPlugin('sen-loan', async (app: FastifyInstance) => {
  const { database, config, clock, businessClock, payout } = app.infra;
  const loans = new LoanService(database.uow, app.ledger);
  app.decorate('loans', loans);

  // ── borrowing: quote, agreements, commit, orders, apply again, ticker (issue 11) ──
  const orders = new OrderService({
    uow: database.uow,
    orders: loans.orders,
    products: app.product,
    credit: app.credit,
    bank: app.bank,
    certification: app.certification,
    files: app.files,
    clock: businessClock,
    parties: { lender: { legalName: config.company.legalName, licence: config.company.licence, address: config.company.address, supportPhone: config.support.phone, productName: config.productName } },
  });
  app.decorate('orders', orders);
  const views = new OrderViews({
    uow: database.uow,
    orders: loans.orders,
    bank: app.bank,
    clock: businessClock,
    receiptPendingOrders: (orderIds) => app.repayments.receiptPendingOrders(orderIds),
  });
  // The orders tab of the home, and whether the borrower has borrowed before.
  app.credit.extendHome((userId) => views.repayProducts(userId));

  const publicId = async (userId: string, known: { publicId: number; phone: string } | undefined) => {
    if (known) return known;
    const user = await app.users.findById(userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return { publicId: user.publicId, phone: user.phone };
  };
  const origin = (request: FastifyRequest) => config.ekyc.publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const agreementUrl = (request: FastifyRequest, document: AgreementDocument, query: Record<string, string | number>) =>
    `${origin(request)}${document === 'lease' ? '/agreement/leaseAgreement.html' : '/agreement/pawnAgreement.html'}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

  /** A product the borrower can quote now, with the amount clamped into what it and their credit allow. */
  async function quotable(userId: string, lang: Language, productId: number, amount: number) {
    const index = await app.home.index(userId, lang);
    if (index.userCreditStatus !== 1) {
      throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: index.userCreditStatus, enableLoanDate: index.enableLoanDate } });
    }
    const card = [...index.showProducts, ...index.canNotApplyProducts].find((candidate) => candidate.productId === productId);
    const product = (await app.product.activeProducts()).find((candidate) => candidate.id === productId);
    if (!card || !product) throw new AppError('PRODUCT_NOT_AVAILABLE');
    const available = BigInt(index.userCreditAmount);
    const most = available < product.maxAmount ? available : product.maxAmount;
    if (most < product.minAmount) throw new AppError('CREDIT_LIMIT_EXCEEDED');
    const asked = BigInt(amount);
    const clamped = asked < product.minAmount ? product.minAmount : asked > most ? most : asked;
    return { index, card, product, amount: clamped };
  }

  registerEndpoint(app, endpoints.productInfoDetail, async ({ session, input, request }): Promise<ProductInfoDetail> => {
    const { index, card, product, amount } = await quotable(session.userId, request.lang, input.productId, input.amount);
    const detail = app.home.productDetail(card, product, amount, index);
    const query = { productId: product.id, amount: Number(amount), planNums: detail.defaultPlanNums };
    return {
      ...detail,
      agreements: (['lease', 'pawn'] as const).map((document) => ({ document, version: AGREEMENT_VERSIONS[document], url: agreementUrl(request, document, query) })),
      userCreditAmount: index.userCreditAmount,
    };
  });

  /** The agreement text for a quote (single or batch) or an order's accepted figures. */
  async function agreementText(userId: string, phone: string, lang: Language, document: AgreementDocument, query: { productIds: number[]; amount?: number | undefined; planNums?: number | undefined; orderId?: number | undefined }) {
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
    const loanPage = query.productIds.length > 1 ? await app.home.loanPage(userId, lang) : null;
    for (const productId of query.productIds) {
      let product: ProductRow;
      let amount: bigint;
      let planNums = query.planNums;
      if (loanPage) {
        const detail = loanPage.showProducts.find((candidate) => candidate.productId === productId);
        const row = (await app.product.activeProducts()).find((candidate) => candidate.id === productId);
        if (!detail || !row) throw new AppError('PRODUCT_NOT_AVAILABLE');
        product = row;
        amount = BigInt(detail.loanAmount);
        planNums = undefined;
      } else {
        const quoted = await quotable(userId, lang, productId, query.amount ?? 0);
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
    return { title: sections[0]!.title, text: sections.map((section) => section.text).join('\n\n') };
  }

  registerEndpoint(app, endpoints.agreementContent, async ({ session, input, request }) => {
    const user = await publicId(session.userId, session.user);
    const { title, text } = await agreementText(session.userId, user.phone, request.lang, input.document, {
      productIds: input.productId,
      amount: input.amount,
      planNums: input.planNums,
      orderId: input.orderId,
    });
    return { document: input.document, title, version: AGREEMENT_VERSIONS[input.document], text, textHash: textHash(text) };
  });

  // The family's agreement pages (a WebView): the figures from the query; the borrower's own name and
  // ID when the request carries their session (an order's accepted agreement needs it).
  for (const [document, endpoint] of [['lease', endpoints.leaseAgreementPage], ['pawn', endpoints.pawnAgreementPage]] as const) {
    const flags: SenRouteFlags = { signed: false, auth: 'optional', endpointId: endpoint.id };
    app.get<{ Querystring: Record<string, string | undefined> }>(endpoint.path, { config: { sen: flags } }, async (request, reply) => {
      const query = endpoint.request.safeParse(request.query ?? {});
      const lang = request.lang;
      let content: { title: string; text: string };
      try {
        if (!query.success) throw new AppError('NOT_FOUND');
        const session = request.session;
        if (session) {
          const user = await publicId(session.userId, session.user);
          content = await agreementText(session.userId, user.phone, lang, document, { ...query.data, productIds: query.data.productId });
        } else {
          if (query.data.orderId !== undefined) throw new AppError('NOT_FOUND');
          content = await publicAgreement(document, lang, { ...query.data, productIds: query.data.productId });
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.code(404).header('content-type', 'text/html; charset=utf-8').send(agreementPage({ title: translate(lang, 'error.notFound'), text: translate(lang, 'error.notFound'), lang }));
      }
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'")
        .header('cache-control', 'no-store')
        .send(agreementPage({ ...content, lang }));
    });
  }

  /** An agreement for a visitor's WebView: the figures of the query, the borrower left to the app. */
  async function publicAgreement(document: AgreementDocument, lang: Language, query: { productIds: number[]; amount?: number | undefined; planNums?: number | undefined }) {
    const productId = query.productIds[0];
    const product = (await app.product.activeProducts()).find((candidate) => candidate.id === productId);
    if (!product) throw new AppError('NOT_FOUND');
    const asked = BigInt(query.amount ?? Number(product.maxAmount));
    const amount = asked < product.minAmount ? product.minAmount : asked > product.maxAmount ? product.maxAmount : asked;
    const plan = query.planNums !== undefined && product.planNums.includes(query.planNums) ? query.planNums : defaultPlanOf(product);
    const quote = quotePlan(product, amount, plan, orders.today(), true);
    const parties = { lender: orders.lender, borrower: { fullName: '—', idNumberMasked: '—', phoneMasked: '—' } };
    return fillAgreement(document, lang, parties, { productName: product.name, date: orders.today(), dailyRatePpm: product.dailyRatePpm, overdueRatePpm: product.overdueDailyRatePpm, termDays: product.termDays, planNums: plan, schedule: quote.schedule, cost: quote.cost });
  }

  /** Who commits and from where (the acceptance record), with the signature and the page-event log. */
  async function commitContext(request: FastifyRequest, userId: string, known: { publicId: number; phone: string } | undefined): Promise<CommitContext> {
    const user = await publicId(userId, known);
    const signature = await acceptImagePart(request, 'signPic', { optional: true });
    const eventFile = request.uploadedFiles.find((file) => file.fieldname === 'eventFile');
    return {
      userId,
      publicUserId: user.publicId,
      phone: user.phone,
      lang: request.lang,
      idempotencyKey: headerValue(request, HEADERS.idempotencyKey)?.slice(0, 255),
      ip: request.ip,
      deviceId: deviceIdOf(request) ?? '',
      userAgent: headerValue(request, 'user-agent') ?? '',
      eventLog: eventFile ? eventFile.data.toString('utf8').replace(/[^\P{C}\n]/gu, '') : null,
      signature,
    };
  }

  registerEndpoint(app, endpoints.orderCommit, async ({ session, input, request }) => orders.commit(await commitContext(request, session.userId, session.user), input));

  registerEndpoint(app, endpoints.orderCommitAll, async ({ session, input, request }) => {
    const context = await commitContext(request, session.userId, session.user);
    const index = await app.home.index(session.userId, request.lang);
    if (index.userCreditStatus !== 1) throw new AppError('CREDIT_NOT_APPROVED', { data: { creditStatus: index.userCreditStatus, enableLoanDate: index.enableLoanDate } });
    return orders.commitBatch(context, { ...input, productIds: input.productIds ?? [] }, index.showProducts, (cards, available) => app.home.allocate(cards, available), BigInt(index.userCreditAmount));
  });

  registerEndpoint(app, endpoints.orderList, async ({ session, request }) => views.list(session.userId, (await publicId(session.userId, session.user)).publicId, request.lang));

  registerEndpoint(app, endpoints.orderDetail, async ({ session, input, request }) => {
    const user = await publicId(session.userId, session.user);
    const detail = await views.detail(session.userId, user.publicId, input.orderId, request.lang, {
      payGoUrl: (order) => app.repayments.payGoUrl(order, app.repayments.baseUrl(request)),
      agreementUrl: (order, document) => agreementUrl(request, document, { orderId: order.id }),
    });
    if (!detail) throw new AppError('ORDER_NOT_FOUND');
    return detail;
  });

  // Repay & auto-apply (API-FAMILY.md §6.6): the wish is kept on the order and carried out when it settles.
  registerEndpoint(app, endpoints.applyAgain, async ({ session, input }) => {
    const order = await loans.orders.findOfUser(session.userId, input.orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.state !== 'repaying') throw new AppError('ORDER_NOT_REPAYABLE');
    const sign = input.applyAgainSign === 2 ? 2 : 1;
    await loans.orders.update(order.id, { reloanSign: sign });
    return null;
  });
  registerEndpoint(app, endpoints.applyAgainCancel, async ({ session, input }) => {
    const order = await loans.orders.findOfUser(session.userId, input.orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.reloanSign !== null) await loans.orders.update(order.id, { reloanSign: null });
    return null;
  });
  // '1' (Repay, and Repay & auto-apply) while the borrower repays a loan whose product still lends; '0' otherwise.
  registerEndpoint(app, endpoints.reloanButtonSign, async ({ session }) => {
    const active = new Set((await app.product.activeProducts()).map((product) => product.id));
    const repaying = await loans.orders.listOfUser(session.userId, ['repaying']);
    return { reloanButtonSign: repaying.some((order) => active.has(order.productId)) ? '1' : '0' };
  });

  // The home ticker: real recent payouts only, phones masked; hidden with too few (DESIGN.md departure).
  registerEndpoint(app, endpoints.loanTicker, async () => {
    const rows = await database.uow.db
      .select({ phone: sql<string>`u.phone`, amount: loanOrders.principal, disbursedAt: loanOrders.disbursedAt })
      .from(loanOrders)
      .innerJoin(sql`users u`, sql`u.id = ${loanOrders.userId}`)
      .where(sql`${isNotNull(loanOrders.disbursedAt)} and not exists (select 1 from account_closures c where c.user_id = ${loanOrders.userId})`)
      .orderBy(desc(loanOrders.disbursedAt))
      .limit(20);
    const entries = rows.map((row) => ({ phone: maskPhone(row.phone), amount: Number(row.amount), disbursedAt: row.disbursedAt!.toISOString() }));
    return { show: entries.length >= config.loan.tickerMinLoans, entries: entries.length >= config.loan.tickerMinLoans ? entries : [] };
  });

  // Repay & auto-apply, carried out when the order settles (the repayment module tells; it is registered later).
  app.addHook('onReady', async () => {
    app.repayments.onSettled(async (event) => {
      const sign = event.reloanSign;
      if (!sign) return;
      const settled = await loans.orders.findById(event.orderId);
      const user = await app.users.findById(event.userId);
      if (!settled || !user) return;
      const lang = await app.messages.languageOf(event.userId);
      const index = await app.home.index(event.userId, lang);
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
        const made = await database.uow.savepoint(() => orders.reborrow(context, settled, sign, { cards: index.showProducts, available: BigInt(index.userCreditAmount), allocate: (cards, available) => app.home.allocate(cards, available) }));
        app.log.info({ orderId: settled.id, made }, 'borrowed again on settlement (apply/again)');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        app.log.info({ orderId: settled.id, refused: error.errorName }, 'apply/again on settlement refused');
      }
    });
  });

  // Guards: no unbinding an account a loan is being paid out to; no closing an account with a loan open.
  app.bank.addUnbindGuard(({ userId, accountId }) => views.hasOpenOrders(userId, accountId));
  app.accountLifecycle.addCloseGuard(async (userId) => ((await views.hasOpenOrders(userId)) ? { messageKey: 'error.accountCloseOpenLoans' } : null));

  // ── payout job and its ledger checks (issue 11) ──
  const payouts = new PayoutService({
    uow: database.uow,
    loans,
    provider: payout,
    credit: app.credit,
    product: app.product,
    bank: app.bank,
    messages: app.messages,
    clock,
    businessClock,
    maxAttempts: config.payout.maxAttempts,
    retryMs: config.payout.retrySeconds * 1000,
    log: app.log,
  });
  app.decorate('payouts', payouts);
  for (const check of ORDER_LEDGER_CHECKS) app.ledger.addCheck(check);
  // 'Payment failed' on the home until the borrower changes the account the payout failed for.
  app.credit.extendHome(async (userId) => ({ bankErrorFlag: await payouts.bankError(userId) }));

});
