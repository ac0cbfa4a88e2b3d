import { endpoints, HEADERS, translate, type ProductInfoDetail } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Composition } from '../../compose.ts';
import { AppError } from '../../shared/app-error.ts';
import { deviceIdOf, headerValue } from '../../shared/headers.ts';
import { publicBaseUrl } from '../../shared/public-url.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { ReceivedFiles } from '../../shared/uploads/endpoint-files.ts';
import type { SenRouteFlags } from '../../types.ts';
import { agreementPage } from './agreement-page.ts';
import { AGREEMENT_VERSIONS, textHash, type AgreementDocument } from './agreements.ts';
import type { CommitContext } from './order.service.ts';

/**
 * Loans (issues 11 and 12; docs/decisions/070-orders-and-loans.md): the quote, the agreements
 * (API and the family's WebView pages), the commits, the orders, apply-again and the ticker.
 */
export function registerLoanRoutes(app: FastifyInstance, { infra: { config }, services }: Composition): void {
  const { borrowing, orders, orderViews, repaymentRequests, signing } = services;
  const agreementUrl = (request: FastifyRequest, document: AgreementDocument, query: Record<string, string | number>) =>
    `${publicBaseUrl(config, request)}${document === 'lease' ? '/agreement/leaseAgreement.html' : '/agreement/pawnAgreement.html'}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

  registerEndpoint(app, endpoints.productInfoDetail, async ({ session, input, request }): Promise<ProductInfoDetail> => {
    const { index, product, amount, detail } = await borrowing.quote(session.userId, request.lang, input.productId, input.amount);
    const query = { productId: product.id, amount: Number(amount), planNums: detail.defaultPlanNums };
    return {
      ...detail,
      agreements: (['lease', 'pawn'] as const).map((document) => ({ document, version: AGREEMENT_VERSIONS[document], url: agreementUrl(request, document, query) })),
      userCreditAmount: index.userCreditAmount,
    };
  });

  registerEndpoint(app, endpoints.agreementContent, async ({ session, input, request }) => {
    const user = await borrowing.identity(session.userId, session.user);
    const { title, text } = await borrowing.agreementText(session.userId, user.phone, request.lang, input.document, {
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
          const user = await borrowing.identity(session.userId, session.user);
          content = await borrowing.agreementText(session.userId, user.phone, lang, document, { ...query.data, productIds: query.data.productId });
        } else {
          if (query.data.orderId !== undefined) throw new AppError('NOT_FOUND');
          content = await borrowing.publicAgreement(document, lang, { ...query.data, productIds: query.data.productId });
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

  /** Who commits and from where (the acceptance record), with the signature and the page-event log. */
  async function commitContext(
    request: FastifyRequest,
    userId: string,
    known: { publicId: number; phone: string } | undefined,
    { signPic, eventFile }: ReceivedFiles<typeof endpoints.orderCommit | typeof endpoints.orderCommitAll>,
  ): Promise<CommitContext> {
    const user = await borrowing.identity(userId, known);
    return {
      userId,
      publicUserId: user.publicId,
      phone: user.phone,
      lang: request.lang,
      idempotencyKey: headerValue(request, HEADERS.idempotencyKey)?.slice(0, 255),
      ip: request.ip,
      deviceId: deviceIdOf(request) ?? '',
      userAgent: headerValue(request, 'user-agent') ?? '',
      eventLog: eventFile ? eventFile.toString('utf8').replace(/[^\P{C}\n]/gu, '') : null,
      signature: signPic ?? null,
    };
  }

  // The code that signs this application's agreements (decision 112), to the borrower's own phone.
  registerEndpoint(app, endpoints.orderSignCode, async ({ session, input, request }) => {
    const user = await borrowing.identity(session.userId, session.user);
    return signing.send(
      { userId: session.userId, phone: user.phone, ip: request.ip, deviceId: deviceIdOf(request) ?? null },
      { productIds: input.productIds ?? [], amount: input.amount, planNums: input.planNums, plans: input.productInstallmentMap },
    );
  });

  registerEndpoint(app, endpoints.orderCommit, async ({ session, input, request, files }) => orders.commit(await commitContext(request, session.userId, session.user, files), input));
  registerEndpoint(app, endpoints.orderCommitAll, async ({ session, input, request, files }) =>
    borrowing.commitAll(await commitContext(request, session.userId, session.user, files), input),
  );

  registerEndpoint(app, endpoints.orderList, async ({ session, request }) => orderViews.list(session.userId, (await borrowing.identity(session.userId, session.user)).publicId, request.lang));

  registerEndpoint(app, endpoints.orderDetail, async ({ session, input, request }) => {
    const user = await borrowing.identity(session.userId, session.user);
    const detail = await orderViews.detail(session.userId, user.publicId, input.orderId, request.lang, {
      payGoUrl: (order) => repaymentRequests.payGoUrl(order, publicBaseUrl(config, request)),
      agreementUrl: (order, document) => agreementUrl(request, document, { orderId: order.id }),
    });
    if (!detail) throw new AppError('ORDER_NOT_FOUND');
    return detail;
  });

  // Repay & auto-apply (API-FAMILY.md §6.6): the wish is kept on the order and carried out when it settles.
  registerEndpoint(app, endpoints.applyAgain, async ({ session, input }) => {
    await borrowing.applyAgain(session.userId, input.orderId, input.applyAgainSign);
    return null;
  });
  registerEndpoint(app, endpoints.applyAgainCancel, async ({ session, input }) => {
    await borrowing.cancelApplyAgain(session.userId, input.orderId);
    return null;
  });
  registerEndpoint(app, endpoints.reloanButtonSign, async ({ session }) => ({ reloanButtonSign: await borrowing.reloanButtonSign(session.userId) }));

  // The home ticker: real recent payouts only, phones masked; hidden with too few (DESIGN.md departure).
  registerEndpoint(app, endpoints.loanTicker, async () => borrowing.ticker());
}
