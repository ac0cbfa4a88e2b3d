import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OrderRepository } from './order.repository.ts';
import { settlementCertificatePdf, type SettlementFacts } from './settlement-certificate.ts';

export interface SettlementCertificateDeps {
  orders: OrderRepository;
  /** The borrower's name and masked ID number as the agreements show them (certification). */
  party: (userId: string) => Promise<{ fullName: string; idNumberMasked: string } | null>;
  lender: SettlementFacts['lender'];
  clock: Clock;
}

/**
 * A settled order's confirmation of settlement (decision 101): the borrower's own order only
 * (another's answers ORDER_NOT_FOUND, as order/detail does), settled only (ORDER_NOT_SETTLED).
 */
export class SettlementCertificateService {
  constructor(private readonly deps: SettlementCertificateDeps) {}

  async pdf(userId: string, orderId: number): Promise<Uint8Array> {
    const order = await this.deps.orders.findOfUser(userId, orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.state !== 'settled' || !order.settledAt) throw new AppError('ORDER_NOT_SETTLED');
    const instalments = await this.deps.orders.instalments(order.id);
    // What the borrower paid on the loan: every component repaid (an overpayment held or refunded is not part of it).
    const totalPaid = instalments.reduce((sum, row) => sum + row.paidPrincipal + row.paidFee + row.paidInterest + row.paidOverdueFee, 0n);
    const party = await this.deps.party(userId);
    return settlementCertificatePdf({
      lender: this.deps.lender,
      borrower: { fullName: party?.fullName ?? '', idNumberMasked: party?.idNumberMasked ?? '' },
      orderNo: order.orderNo,
      principal: order.principal,
      totalPaid,
      settledAt: order.settledAt,
      issuedAt: this.deps.clock(),
    });
  }
}
