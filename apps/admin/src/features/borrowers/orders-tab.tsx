import type { BorrowerDetail } from '@sen/contract';
import { Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { can } from '../../shared/auth/permissions.ts';
import { formatDateTime, formatDay, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { orderState } from './borrower-labels.ts';
import { useOperator } from '../auth/operator-query.ts';
import { emptyLocale } from './empty-table.tsx';
import type { ServicingKind } from './borrower-queries.ts';
import { ServicingDialog } from './servicing-dialog.tsx';

type Order = BorrowerDetail['orders'][number];
type Instalment = Order['instalments'][number];
type Payment = Order['payments'][number];

/** The borrower's latest orders; each opens to its schedule and the money applied to it. */
export function OrdersTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  // Refunds and write-offs are proposed here and applied on a second operator's approval (decision 100).
  const mayService = can(useOperator(), 'loans.service');
  const [action, setAction] = useState<{ kind: ServicingKind; order: Order } | null>(null);
  return (
    <>
      <Typography.Paragraph type="secondary">{t('borrowers.latest', { count: page.limits.orders ?? page.orders.length })}</Typography.Paragraph>
      <Table<Order>
        rowKey="orderId"
        dataSource={page.orders}
        pagination={false}
        locale={emptyLocale(t('borrowers.orders.none'))}
        expandable={{ expandedRowRender: (order) => <OrderDetail order={order} /> }}
        columns={[
          { title: t('borrowers.orders.orderNo'), dataIndex: 'orderNo' },
          { title: t('borrowers.orders.product'), dataIndex: 'productName' },
          {
            title: t('borrowers.status'),
            dataIndex: 'state',
            render: (state: string) => {
              const shown = orderState(state);
              return <StatusTag tone={shown.tone}>{shown.label ? t(shown.label) : state}</StatusTag>;
            },
          },
          { title: t('borrowers.orders.principal'), dataIndex: 'principal', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.disbursed'), dataIndex: 'disbursedAmount', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.term'), render: (_: unknown, order) => t('borrowers.orders.termValue', { days: order.termDays, plans: order.planNums }) },
          { title: t('borrowers.orders.applyDate'), dataIndex: 'applyDate' },
          { title: t('borrowers.orders.disbursedAt'), dataIndex: 'disbursedAt', render: formatDateTime },
          ...(mayService
            ? [
                {
                  key: 'servicing',
                  render: (_: unknown, order: Order) => (
                    <Space size="small" wrap>
                      {order.creditHeld > 0 && (
                        <Button size="small" onClick={() => setAction({ kind: 'refund', order })} data-testid={`propose-refund-${order.orderNo}`}>
                          {t('servicing.proposeRefund')}
                        </Button>
                      )}
                      {(order.state === 'pending' || order.state === 'paying') && (
                        <>
                          <Button size="small" onClick={() => setAction({ kind: 'payoutRetry', order })} data-testid={`retry-payout-${order.orderNo}`}>
                            {t('servicing.retryPayout')}
                          </Button>
                          <Button size="small" danger onClick={() => setAction({ kind: 'payoutCancel', order })} data-testid={`cancel-payout-${order.orderNo}`}>
                            {t('servicing.proposePayoutCancel')}
                          </Button>
                        </>
                      )}
                      {order.overdue && (
                        <Button size="small" danger onClick={() => setAction({ kind: 'writeOff', order })} data-testid={`propose-write-off-${order.orderNo}`}>
                          {t('servicing.proposeWriteOff')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ServicingDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}

export function OrderDetail({ order }: { order: Order }) {
  const { t } = useT();
  return (
    <div className="stack">
      {order.closeReason && <Typography.Text type="secondary">{t('borrowers.orders.closeReason', { reason: order.closeReason })}</Typography.Text>}
      {order.creditHeld > 0 && <Typography.Text>{t('borrowers.orders.creditHeld', { amount: formatVnd(order.creditHeld) })}</Typography.Text>}
      {order.writtenOffOn && <Typography.Text type="danger">{t('borrowers.orders.writtenOff', { date: order.writtenOffOn, amount: formatVnd(order.recovered) })}</Typography.Text>}
      {order.writtenOffOn && (
        <Typography.Text data-testid={`written-off-figures-${order.orderNo}`}>
          {t('borrowers.orders.writtenOffFigures', {
            writtenOff: formatVnd(order.writtenOff),
            principal: formatVnd(order.writtenOffPrincipal),
            remaining: formatVnd(order.remainingPrincipal),
            days: order.daysPastDue,
          })}
        </Typography.Text>
      )}
      {order.state === 'repaying' && order.daysPastDue > 0 && <Typography.Text type="warning">{t('borrowers.orders.daysPastDue', { days: order.daysPastDue })}</Typography.Text>}
      <Table<Instalment>
        rowKey="planPart"
        dataSource={order.instalments}
        pagination={false}
        size="small"
        title={() => t('borrowers.orders.schedule')}
        columns={[
          { title: '#', dataIndex: 'planPart', width: 48 },
          { title: t('borrowers.orders.dueDate'), dataIndex: 'dueDate', render: (day: string) => formatDay(day) },
          { title: t('borrowers.orders.principal'), dataIndex: 'principal', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.fee'), dataIndex: 'fee', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.scheduledInterest'), dataIndex: 'scheduledInterest', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.interestCharged'), dataIndex: 'interestCharged', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.overdueFee'), dataIndex: 'overdueFeeCharged', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.paid'), dataIndex: 'paid', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.settledAt'), dataIndex: 'settledAt', render: formatDateTime },
        ]}
      />
      <Table<Payment>
        rowKey="id"
        dataSource={order.payments}
        pagination={false}
        size="small"
        title={() => t('borrowers.orders.payments')}
        locale={emptyLocale(t('borrowers.orders.noPayments'))}
        columns={[
          { title: t('borrowers.orders.paymentDate'), dataIndex: 'businessDate' },
          { title: t('borrowers.orders.source'), dataIndex: 'source' },
          { title: t('borrowers.orders.amount'), dataIndex: 'amount', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.principal'), dataIndex: 'principal', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.fee'), dataIndex: 'fee', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.interest'), dataIndex: 'interest', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.overdueFee'), dataIndex: 'overdueFee', render: formatVnd, align: 'right' },
          { title: t('borrowers.orders.toCredit'), dataIndex: 'toCredit', render: formatVnd, align: 'right' },
        ]}
      />
    </div>
  );
}
