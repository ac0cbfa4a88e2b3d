import { randomBytes, randomInt } from 'node:crypto';
import { API_PATHS, adminEndpoints, endpoints, type ProposalView } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import { publicBaseUrl } from '../../shared/public-url.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { SenRouteFlags } from '../../types.ts';
import { isSepayKey, sameTransfer, type SepayTransfer } from './bank-transfer.service.ts';
import { pageLanguage, payPageCsp, renderMissingPayPage, renderPayPage } from './pay-page.ts';
import { formatBankTime } from './transfer-matching.ts';

const PAGE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Repayments (issue 12; API-FAMILY.md §6.6–6.9; docs/decisions/070, 076): repayment requests with
 * their VietQR transfer and our page, the bank's transfer webhook (SePay), offline receipts
 * reviewed by operators, settlement and the credit it gives back.
 */
export function registerRepaymentRoutes(app: FastifyInstance, { infra, services }: Composition): void {
  // The loans' business clock (movable in development, decision 074).
  const { config, businessClock, log } = infra;
  const { repaymentRequests: requests, transfers, receipts, users, bank, proposals, unidentified, statements, reconciliation } = services;
  const baseUrl = (request: FastifyRequest) => publicBaseUrl(config, request);
  if (config.nodeEnv === 'production' && !config.repayment.webhookKey) {
    log.warn('SEPAY_WEBHOOK_KEY is not set: the bank-transfer webhook refuses every call, so no transfer is recorded');
  }

  // ── repayment requests ──
  registerEndpoint(app, endpoints.repayUrl, async ({ input, session, request }) =>
    requests.forInstalments(session.userId, input.orderNo, input.planNumList, baseUrl(request)),
  );
  registerEndpoint(app, endpoints.multipleOrderList, async ({ session, request }) => requests.repayableOrders(session.userId, request.lang));
  registerEndpoint(app, endpoints.multipleOrderRepay, async ({ input, session, request }) => ({
    ...(await requests.forOrders(session.userId, input.orderNoList, baseUrl(request))),
    // The family's field; the re-borrow choice is the order detail's (apply/again), so none here.
    reloanButtonSign: null,
  }));
  registerEndpoint(app, endpoints.repayStatus, async ({ input, session, request }) => requests.statusForUser(session.userId, input.requestId, request.lang));
  registerEndpoint(app, endpoints.payPageStatus, async ({ input, request }) => {
    const found = await requests.findByToken(input.token);
    if (!found) throw new AppError('NOT_FOUND');
    return requests.status(found, request.lang);
  });

  // Our page (payUrl): HTML with its own CSP (script and style by nonce), no session: the token in the path is the capability.
  // A page, not an API call (like the agreement pages): outside /api and the contract's endpoint list (decision 077).
  const pageFlags: SenRouteFlags = { signed: false, auth: 'none', endpointId: 'payPage' };
  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(API_PATHS.payPage, { config: { sen: pageFlags } }, async (request, reply) => {
    const lang = pageLanguage(typeof request.query?.lang === 'string' ? request.query.lang : undefined, request.headers['accept-language']);
    const nonce = randomBytes(16).toString('base64');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', payPageCsp(nonce))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    const token = request.params.token;
    // We never hand out a malformed token: such a path gets the API's 404 envelope; a well-formed
    // one we do not know (an old or mistyped link) gets the page that says so.
    if (!PAGE_TOKEN.test(token)) throw new AppError('NOT_FOUND');
    const found = await requests.findByToken(token);
    if (!found) return reply.status(404).send(renderMissingPayPage(lang, nonce));
    const transfer = requests.transferOf(found);
    const qrSvg = await QRCode.toString(transfer.qrData, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.send(
      renderPayPage({
        lang,
        nonce,
        token,
        status: await requests.status(found, lang),
        expiresAt: found.expiresAt,
        transfer: {
          bankName: transfer.bankName,
          accountNumber: transfer.accountNumber,
          accountName: transfer.accountName,
          transferContent: transfer.transferContent,
          amount: Number(transfer.amount),
        },
        qrSvg,
        devPayNow: config.nodeEnv !== 'production',
      }),
    );
  });

  // ── the bank's transfer webhook (SePay) ──
  // The key is checked before the body is validated: a caller without it learns nothing of the schema.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.sen?.endpointId !== endpoints.sepayWebhook.id) return;
    if (!isSepayKey(request.headers.authorization, config.repayment.webhookKey)) {
      request.log.warn('bank-transfer webhook refused: wrong or missing key');
      infra.metrics.webhook('sepay', 'refused');
      throw new AppError('WEBHOOK_KEY_INVALID');
    }
  });
  registerEndpoint(app, endpoints.sepayWebhook, async ({ input, request }) => {
    const raw = parseRaw(request.rawBody) ?? { ...input };
    const received = await transfers.receive(input, raw);
    infra.metrics.webhook('sepay', received.duplicate ? 'duplicate' : received.transfer.outcome);
    // A resend that differs from the record changes nothing, but someone has to look at it: SePay
    // is answered as for any duplicate (or it resends forever), the conflict goes to the log.
    if (received.duplicate && !sameTransfer(received.transfer, input)) {
      request.log.warn(
        { transferId: received.transfer.id, bankTransactionId: input.id, recorded: { amount: String(received.transfer.amount), transferType: received.transfer.transferType }, reported: { amount: input.transferAmount, transferType: input.transferType } },
        'bank transfer resent with another amount, direction or account: the first report stands',
      );
    }
    // Recorded with our receipt time (decision 127): someone should know the bank's text could not be read.
    if (!received.duplicate && received.transfer.bankTimeAsSent !== null) {
      request.log.warn(
        { transferId: received.transfer.id, bankTransactionId: input.id, transactionDate: typeof raw.transactionDate === 'string' ? raw.transactionDate.slice(0, 200) : (raw.transactionDate ?? null), datedBy: received.transfer.transactionDate },
        'bank transfer with a bank time that cannot be read: dated by its receipt',
      );
    }
    request.log.info(
      { transferId: received.transfer.id, outcome: received.transfer.outcome, duplicate: received.duplicate, loans: received.applied.length },
      'bank transfer recorded',
    );
    return { success: true as const };
  });

  // ── offline repayment (API-FAMILY.md §6.9) ──
  registerEndpoint(app, endpoints.bankRepayList, async () => [
    {
      bankName: config.collection.bankName,
      branchName: config.collection.branchName,
      bankAccount: config.collection.accountNumber,
      accountName: config.collection.accountName,
      bankBin: config.collection.bankBin,
    },
  ]);
  registerEndpoint(app, endpoints.bankAndWallet, async ({ session }) => {
    const user = await users.info(session.userId, session.user);
    const cards = await bank.myCards(session.userId, user.id);
    const wallets = await bank.myWallets(session.userId);
    return [
      ...cards.map((card) => ({ id: card.id, type: 1, account: card.bankNo, name: card.bankName })),
      ...wallets.map((wallet) => ({ id: wallet.id, type: 2, account: wallet.accountCode, name: wallet.walletName })),
    ];
  });
  registerEndpoint(app, endpoints.uploadCert, async ({ input, session, files }) => {
    await receipts.upload(session.userId, input, files.imagCert);
    return null;
  });

  // ── operators (the back office; permissions receipts.review and ledger.read) ──
  registerEndpoint(app, adminEndpoints.receipts, ({ input }) => receipts.list(input.state));
  // Matching a receipt moves money: it becomes a receipt.match proposal a second operator approves
  // (decision 091). Rejecting one moves none and applies at once.
  registerEndpoint(app, adminEndpoints.receiptReview, async ({ input, operator, audit }) => {
    if (input.approve) {
      const proposal = await proposals.propose(operator, 'receipt.match', { receiptId: input.id, amount: input.amount, ...(input.note ? { note: input.note } : {}) }, input.note ?? null);
      await audit({ action: 'proposal.create', targetType: 'proposal', targetId: proposal.id, after: { kind: proposal.kind, payload: proposal.payload } });
      return { receipt: (await receipts.find(input.id))!, proposal };
    }
    const before = await receipts.find(input.id);
    const reviewed = await receipts.review({ id: input.id, approve: false, note: input.note });
    await audit({ targetType: 'receipt', targetId: input.id, before: before ? { state: before.state } : null, after: { state: reviewed.state }, reason: input.note });
    return { receipt: reviewed, proposal: null };
  });
  registerEndpoint(app, adminEndpoints.transfers, async ({ input }) => {
    const rows = await transfers.list(input.outcome);
    return rows.map((row) => ({
      id: row.id,
      providerTransactionId: row.providerTransactionId,
      transactionDate: row.transactionDate,
      transactionDateAsSent: row.bankTimeAsSent,
      accountNumber: row.accountNumber,
      content: row.content,
      transferType: row.transferType,
      amount: Number(row.amount),
      outcome: row.outcome,
      receivedAt: row.receivedAt.toISOString(),
    }));
  });

  // ── the unmatched queue (decision 114): both decisions move money, so both are proposals ──
  registerEndpoint(app, adminEndpoints.unidentifiedTransfers, ({ input }) => unidentified.list(input.state));
  registerEndpoint(app, adminEndpoints.unidentifiedMatch, async ({ input, operator, audit }) => {
    const order = await unidentified.orderByNo(input.orderNo);
    const payload = { transferId: input.transferId, orderId: order.id, ...(input.repaymentRequestId ? { repaymentRequestId: input.repaymentRequestId } : {}) };
    const proposal = await proposals.propose(operator, 'transfer.match', payload, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });
  registerEndpoint(app, adminEndpoints.unidentifiedReturn, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'transfer.return', { transferId: input.transferId }, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });
  registerEndpoint(app, adminEndpoints.unidentifiedReturned, async ({ input, operator, audit }) => {
    const proposal = await proposals.propose(operator, 'transfer.returned', { transferId: input.transferId, outgoingTransferId: input.outgoingTransferId }, input.reason);
    await audit({ targetType: 'proposal', targetId: proposal.id, before: proposal.before, after: { kind: proposal.kind, payload: proposal.payload }, reason: input.reason });
    return { proposal };
  });

  // ── the bank statement import and the daily report (decision 118) ──
  // Money in from a file one operator uploaded is a proposal: only the bank's signed webhook records money in alone.
  registerEndpoint(app, adminEndpoints.statementImport, async ({ input, files, operator, audit }) => {
    const read = await statements.import(files.statement, input.fileName ?? 'statement.csv');
    let proposal: ProposalView | null = null;
    let alreadyProposed = false;
    if (read.toPropose.length > 0) {
      try {
        proposal = await proposals.propose(operator, 'statement.import', { sha256: read.sha256, fileName: read.fileName, rows: read.toPropose }, `Bank statement ${read.fileName}`);
      } catch (error) {
        if (!(error instanceof AppError) || error.errorName !== 'PROPOSAL_DUPLICATE') throw error;
        alreadyProposed = true;
      }
    }
    const proposedAmount = read.toPropose.reduce((sum, row) => sum + row.transfer.transferAmount, 0);
    const result = {
      fileName: read.fileName,
      sha256: read.sha256,
      rows: read.rows,
      recorded: read.recorded,
      proposed: read.toPropose.length,
      proposedAmount,
      proposal,
      alreadyProposed,
      known: read.known,
      errors: read.errors,
    };
    await audit({
      targetType: 'statement',
      targetId: read.sha256,
      after: { fileName: read.fileName, rows: read.rows, recorded: read.recorded, known: read.known, proposed: read.toPropose.length, proposedAmount, proposalId: proposal?.id ?? null, errors: read.errors.length },
    });
    return result;
  });
  registerEndpoint(app, adminEndpoints.reconciliationReport, ({ input }) => reconciliation.report(input.date));

  // ── development: pay a request now, exactly as the bank would report it ──
  if (config.nodeEnv !== 'production') {
    const webhookKey = config.repayment.webhookKey!;
    registerEndpoint(app, endpoints.devPayNow, async ({ input }) => {
      const found = await requests.findByToken(input.token);
      if (!found) throw new AppError('NOT_FOUND');
      const id = randomInt(1, 2 ** 47);
      const body: SepayTransfer & { accumulated: number } = {
        id: String(id),
        gateway: config.collection.bankName,
        transactionDate: formatBankTime(businessClock()),
        accountNumber: config.collection.accountNumber,
        subAccount: null,
        code: null,
        // As banks write it: the sender's words around our content.
        content: `NGUYEN VAN A chuyen tien ${found.code} FT${id}`,
        transferType: 'in',
        transferAmount: input.amount ?? Number(found.amount),
        accumulated: 0,
        referenceCode: `FT${id}`,
        description: `BankAPINotify ${found.code}`,
      };
      const response = await app.inject({
        method: 'POST',
        url: API_PATHS.sepayWebhook,
        headers: { authorization: `Apikey ${webhookKey}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...body, id }),
      });
      const answer = response.json() as { success?: unknown };
      return { success: response.statusCode === 200 && answer.success === true, transferId: String(id) };
    });
  }
}

/** The webhook body as received (kept for audit), or null when there is none to read. */
function parseRaw(rawBody: string | undefined): Record<string, unknown> | null {
  if (!rawBody) return null;
  try {
    const parsed = JSON.parse(rawBody) as unknown;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
