import { ORDER_STATUS } from '@sen/contract';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { displayDate, formatApr, formatDecimal, money, vietnamDayOf } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PullToRefresh } from '../../shared/ui/pull-to-refresh.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { AgreementSheet } from '../borrow/index.ts';
import { LoanAmountsFacts } from './loan-amounts.tsx';
import { HardshipSection } from './hardship-section.tsx';
import { OrderStatusTag } from './order-status.tsx';
import { downloadSettlementCertificate, useOrderDetail, useReloanButtonSign, useReloanWish } from './orders-api.ts';
import { RepaymentPlan } from './repayment-plan.tsx';
import './orders.css';

/** 'dd-MM-yyyy' (the family's *Str dates) as yyyy-MM-dd, for displayDate. */
const isoOfFamilyDate = (text: string) => (/^\d{2}-\d{2}-\d{4}$/.test(text) ? `${text.slice(6)}-${text.slice(3, 5)}-${text.slice(0, 2)}` : null);

/**
 * /order/info?orderId=: one order with every SPEC.md §3 label (order number, status, apply, loan and
 * due dates, loan amount, service fee, interest, overdue fee, the amount actually paid in, the
 * receiving account masked, total repayment, phone model, the two contracts), what is paid and
 * owed, the repayment plan, 'Payment failed' with 'Modify bank card', and Repay.
 */
export function OrderInfoPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = Number(params.get('orderId') ?? 0);
  const order = useOrderDetail(orderId);
  const reloanSign = useReloanButtonSign(order.data?.canRepay === true && order.data.writeOff === null);
  const reloanWish = useReloanWish(orderId);
  const [contract, setContract] = useState<'lease' | 'pawn' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const download = async (orderId: number, orderNo: string) => {
    setDownloading(true);
    try {
      await downloadSettlementCertificate(orderId, orderNo);
    } catch {
      // The request layer showed the refusal.
    } finally {
      setDownloading(false);
    }
  };
  const date = (text: string) => displayDate(isoOfFamilyDate(text), text || '—', language);

  return (
    <div className="page">
      <PageHeader title={t('page.orderInfo')} />
      <PullToRefresh onRefresh={() => order.refetch()}>
        <main className="page__content orders" data-testid="order-info" aria-busy={order.isPending}>
          <QueryView
            query={order}
            missing={!(orderId > 0)}
            renderError={() => (
              // Retry cannot bring back an order that is not the borrower's: the way out is the list.
              <section className="result" role="alert" data-testid="order-error">
                <h1 className="result__title">{t('orders.notFound')}</h1>
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.orderList)}>
                  {t('orders.backToList')}
                </Button>
              </section>
            )}
          >
            {(data) => (
              <>
                {data.status === ORDER_STATUS.PAYOUT_FAILED ? (
                  <section className="bank-error" role="alert" data-testid="payment-failed-banner">
                    <div>
                      <strong>{t('home.bankError.title')}</strong>
                      <p>{data.failureReason ?? t('home.bankError.text')}</p>
                    </div>
                    <Button size="small" color="danger" shape="rounded" onClick={() => navigate(paths.authAccount)} data-testid="modify-bank-card">
                      {t('home.bankError.modify')}
                    </Button>
                  </section>
                ) : null}

                <section className="order-card order-summary">
                  <div className="order-summary__head">
                    <h1 className="order-card__title">{data.appOrderInfoDto.productName}</h1>
                    <OrderStatusTag code={data.status} label={data.statusLabel} />
                  </div>
                  {/* Decision 119: what settles the loan today while it is owed (the same figure as the repay list's), else what it asks in all. */}
                  <p className="order-summary__label">{data.amounts ? t('amounts.settleToday') : t('orders.totalRepayment')}</p>
                  <p className="order-summary__amount" data-testid="order-owed">
                    {money(data.amounts ? data.amounts.settleToday : data.totalRepayment, language)}
                  </p>
                  {data.amounts ? <LoanAmountsFacts amounts={data.amounts} show={['dueNow', 'nextInstalment', 'remainingPrincipal']} /> : null}
                  {data.overdueDays > 0 ? (
                    <p className="order-summary__alert" data-testid="order-overdue">
                      {t(data.overdueDays === 1 ? 'orders.overdueOneDay' : 'orders.overdueDays', { days: data.overdueDays })} · {t('orders.overdueFee')}: {money(data.penaltyAmount, language)}
                    </p>
                  ) : null}
                  {data.status !== ORDER_STATUS.PAYOUT_FAILED && data.failureReason ? <p className="order-summary__alert">{data.failureReason}</p> : null}
                  {data.canRepay ? (
                    <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(`${paths.orderBatchRepayList}?orderNo=${encodeURIComponent(data.appOrderInfoDto.orderNo)}`)} data-testid="repay-button">
                      {t('orders.repay')}
                    </Button>
                  ) : null}
                  {/* SPEC.md's reloan sign: repay, and borrow the same product again once this loan settles (apply/again). */}
                  {data.canRepay && data.reloanSign === null && reloanSign.data?.reloanButtonSign === '1' ? (
                    <Button
                      block
                      shape="rounded"
                      size="large"
                      loading={reloanWish.isPending}
                      onClick={async () => {
                        await reloanWish.mutateAsync(true);
                        navigate(`${paths.orderBatchRepayList}?orderNo=${encodeURIComponent(data.appOrderInfoDto.orderNo)}`);
                      }}
                      data-testid="repay-and-reborrow"
                    >
                      {t('orders.reloan')}
                    </Button>
                  ) : null}
                  {data.canRepay && data.reloanSign !== null ? (
                    <p className="order-summary__note" data-testid="reloan-wish">
                      {t('orders.reloan.wished')}{' '}
                      <button type="button" className="link-button" onClick={() => void reloanWish.mutateAsync(false)} data-testid="reloan-cancel">
                        {t('orders.reloan.cancel')}
                      </button>
                    </p>
                  ) : null}
                </section>

                {/* Hardship and restructuring (decision 117): only while the loan is being repaid. */}
                {data.canRepay && !data.writeOff ? <HardshipSection orderId={data.appOrderInfoDto.orderId} enabled /> : null}

                {data.writeOff ? (
                  <section className="order-notice" role="status" data-testid="order-written-off">
                    <div>
                      <strong>{t('orders.writtenOff.title')}</strong>
                      {/* Written off is not forgiven (decision 111): what is left is still owed, and Repay above pays it. */}
                      <p>
                        {t(data.actualNeedRepayAmount > 0 ? 'orders.writtenOff.text' : 'orders.writtenOff.repaid', {
                          date: displayDate(data.writeOff.on, data.writeOff.on, language),
                          amount: money(data.writeOff.amount, language),
                          remaining: money(data.actualNeedRepayAmount, language),
                          recovered: money(data.writeOff.recovered, language),
                        })}
                      </p>
                    </div>
                  </section>
                ) : null}

                {data.refunds.length > 0 ? (
                  <section className="order-card" aria-labelledby="refunds-heading" data-testid="order-refunds">
                    <h2 id="refunds-heading" className="order-card__title">
                      {t('orders.refunds.title')}
                    </h2>
                    <ul className="order-refunds">
                      {data.refunds.map((refund) => (
                        <li key={refund.createdAt} data-testid="order-refund" data-state={refund.state}>
                          <span className={`status-tag status-tag--${refund.state === 'succeeded' ? 'success' : refund.state === 'failed' ? 'danger' : 'progress'}`}>
                            {t(refund.state === 'succeeded' ? 'orders.refund.succeeded' : refund.state === 'failed' ? 'orders.refund.failed' : 'orders.refund.processing')}
                          </span>
                          <small>
                            {t('orders.refund.line', {
                              amount: money(refund.amount, language),
                              account: refund.maskedAccount || '—',
                              date: displayDate(vietnamDayOf(refund.completedAt ?? refund.createdAt), '', language),
                            })}
                          </small>
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}

                {data.certificateAvailable ? (
                  <section className="order-card" data-testid="order-certificate">
                    <p className="order-summary__label">{t('orders.certificate.hint')}</p>
                    <Button block shape="rounded" loading={downloading} onClick={() => void download(data.appOrderInfoDto.orderId, data.appOrderInfoDto.orderNo)} data-testid="download-certificate">
                      {t('orders.certificate.download')}
                    </Button>
                  </section>
                ) : null}

                <section className="order-card" aria-labelledby="facts-heading">
                  <h2 id="facts-heading" className="order-card__title">
                    {t('orders.details')}
                  </h2>
                  <dl className="order-facts" data-testid="order-facts">
                    <div>
                      <dt>{t('orders.orderNo')}</dt>
                      <dd>{data.appOrderInfoDto.orderNo}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.status')}</dt>
                      <dd>{data.statusLabel}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.applyDate')}</dt>
                      <dd>{date(data.applyDateStr)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.loanDate')}</dt>
                      <dd>{date(data.loanDateStr)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.dueDate')}</dt>
                      <dd>{date(data.shouldRepayDateStr)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.loanAmount')}</dt>
                      <dd>{money(data.appOrderInfoDto.loanAmount, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.serviceFee')}</dt>
                      <dd>{money(data.serviceFee, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('amounts.contractInterest')}</dt>
                      <dd data-testid="order-contract-interest">
                        {money(data.contractInterest, language)} <small>({t('orders.dayRate', { rate: formatDecimal(data.dayRateStr, language) })})</small>
                      </dd>
                    </div>
                    {data.loanDateStr ? (
                      <div>
                        <dt>{t('amounts.accruedInterest')}</dt>
                        <dd data-testid="order-accrued-interest">{money(data.accruedInterest, language)}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{t('orders.overdueFee')}</dt>
                      <dd data-testid="order-overdue-fee">{money(data.penaltyAmount, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.paidIn')}</dt>
                      <dd>{money(data.actualAmount, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.receivingAccount')}</dt>
                      <dd data-testid="order-account">{[data.receivingAccount.name, data.receivingAccount.maskedNumber].filter(Boolean).join(' · ')}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.totalRepayment')}</dt>
                      <dd data-testid="order-total-repayment">{money(data.totalRepayment, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.repaid')}</dt>
                      <dd data-testid="order-repaid">{money(data.actualRepayAmount, language)}</dd>
                    </div>
                    <div>
                      <dt>{t('orders.apr')}</dt>
                      <dd>{t('borrow.cost.aprValue', { apr: formatApr(data.aprPercent, language) })}</dd>
                    </div>
                    {data.creditHeld > 0 ? (
                      <div>
                        <dt>{t('orders.creditHeld')}</dt>
                        <dd>{money(data.creditHeld, language)}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt>{t('orders.phoneModel')}</dt>
                      <dd>{data.phoneModel || '—'}</dd>
                    </div>
                  </dl>
                </section>

                {data.installmentRepaymentPlanDTOList.length > 0 ? <RepaymentPlan detail={data} /> : null}

                <section className="order-card" aria-labelledby="contracts-heading">
                  <h2 id="contracts-heading" className="order-card__title">
                    {t('orders.contracts')}
                  </h2>
                  <ul className="agreement-links">
                    {data.contracts.map((item) => (
                      <li key={item.document}>
                        <button type="button" className="link-button" onClick={() => setContract(item.document)} data-testid={`order-contract-${item.document}`}>
                          {t(item.document === 'lease' ? 'borrow.agreement.lease' : 'borrow.agreement.pawn')}
                        </button>{' '}
                        <small>{t('orders.contract.accepted', { date: displayDate(vietnamDayOf(item.acceptedAt), '', language) })}</small>
                      </li>
                    ))}
                  </ul>
                </section>
              </>
            )}
          </QueryView>
        </main>
      </PullToRefresh>
      <AgreementSheet query={contract && order.data ? { document: contract, productIds: [], orderId: order.data.appOrderInfoDto.orderId } : null} onClose={() => setContract(null)} />
    </div>
  );
}
