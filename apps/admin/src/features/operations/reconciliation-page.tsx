import type { ReconciliationDifference, ReconciliationReport } from '@sen/contract';
import { Alert, Descriptions, Empty, Input, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { can } from '../../shared/auth/permissions.ts';
import { formatBankTime, formatDateTime, formatVnd, vietnamDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { useReconciliationReport } from './operation-queries.ts';
import { StatementImport } from './statement-import.tsx';

const DAY_MS = 86_400_000;

/** Where an operator looks into a difference: the queue, the transfers, or the order's borrower. */
function DifferenceLinks({ difference }: { difference: ReconciliationDifference }) {
  const { t } = useT();
  const links: ReactNode[] = [];
  if (difference.kind === 'unidentified_held') {
    links.push(
      <Link key="queue" to={`${paths.unidentified}?state=${difference.state === 'to_return' ? 'to_return' : 'open'}`}>
        {t('reconciliation.open.unidentified')}
      </Link>,
    );
  } else if (difference.transferId !== null) {
    links.push(
      <Link key="transfers" to={`${paths.transfers}?outcome=all`}>
        {t('reconciliation.open.transfers')}
      </Link>,
    );
  }
  if (difference.orderNo) {
    links.push(
      <Link key="order" to={`${paths.borrowers}?q=${encodeURIComponent(difference.orderNo)}`}>
        {t('reconciliation.open.order', { orderNo: difference.orderNo })}
      </Link>,
    );
  }
  return <span className="link-list">{links}</span>;
}

const amount = (value: number | null) => (value === null ? '—' : <span className="nowrap">{formatVnd(value)}</span>);

export function ReconciliationView({ report }: { report: ReconciliationReport }) {
  const { t } = useT();
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={2}
        title={t('reconciliation.totals')}
        items={[
          { key: 'bank-in', label: t('reconciliation.bankIn'), children: amount(report.totals.bankIn) },
          { key: 'ledger-in', label: t('reconciliation.ledgerIn'), children: amount(report.totals.ledgerIn) },
          { key: 'bank-out', label: t('reconciliation.bankOut'), children: amount(report.totals.bankOut) },
          { key: 'ledger-out', label: t('reconciliation.ledgerOut'), children: amount(report.totals.ledgerOut) },
          { key: 'held', label: t('reconciliation.held'), children: amount(report.totals.unidentifiedHeld), span: 2 },
        ]}
      />
      {report.statementImported ? (
        <Typography.Paragraph type="secondary" className="form-alert">
          {t('reconciliation.statementRows', { count: report.statementRows })}
        </Typography.Paragraph>
      ) : (
        // Without the day's statement its payouts are not checked yet, not missing (decision 121).
        <Alert
          type="warning"
          showIcon
          className="form-alert"
          data-testid="reconciliation-no-statement"
          title={t('reconciliation.noStatement', { date: report.date })}
          description={
            report.awaitingStatement.count > 0 ? t('reconciliation.awaitingStatement', { count: report.awaitingStatement.count, amount: formatVnd(report.awaitingStatement.amount) }) : undefined
          }
        />
      )}
      {report.differenceCount === 0 ? (
        report.statementImported && <Empty description={t('reconciliation.clean')} />
      ) : (
        <>
          <Typography.Title level={2} className="section-title">{t('reconciliation.differences', { count: report.differenceCount })}</Typography.Title>
          {report.differences.length < report.differenceCount && (
            <Alert type="info" showIcon className="form-alert" title={t('reconciliation.differencesCut', { shown: report.differences.length, count: report.differenceCount })} />
          )}
          <Table<ReconciliationDifference>
            rowKey={(row) => `${row.kind}-${row.transferId ?? ''}-${row.reference ?? ''}-${row.bankTransactionId ?? ''}`}
            dataSource={report.differences}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: t('reconciliation.kind'), dataIndex: 'kind', render: (kind: ReconciliationDifference['kind']) => t(`reconciliation.kind.${kind}`) },
              {
                title: t('reconciliation.what'),
                key: 'what',
                render: (_: unknown, row) => (
                  <span>
                    {row.bankTransactionId && <div>{t('reconciliation.bankId', { id: row.bankTransactionId })}</div>}
                    {row.reference && <code>{row.reference}</code>}
                  </span>
                ),
              },
              { title: t('reconciliation.at'), dataIndex: 'at', render: formatBankTime },
              { title: t('reconciliation.bankAmount'), dataIndex: 'bankAmount', align: 'right', render: amount },
              { title: t('reconciliation.ledgerAmount'), dataIndex: 'ledgerAmount', align: 'right', render: amount },
              { title: t('common.actions'), key: 'links', render: (_: unknown, row) => <DifferenceLinks difference={row} /> },
            ]}
          />
        </>
      )}
      <Typography.Paragraph type="secondary">{t('reconciliation.generatedAt', { at: formatDateTime(report.generatedAt) })}</Typography.Paragraph>
    </>
  );
}

/**
 * The daily reconciliation (decision 118): for a Vietnam business date (yesterday by default, the
 * last whole day), the bank's money in and out beside the ledger's cash accounts, and every
 * difference with where to look into it. Operators who review receipts also import statements here.
 */
export default function ReconciliationPage() {
  const { t } = useT();
  const operator = useOperator();
  const [date, setDate] = useState(() => vietnamDay(new Date(Date.now() - DAY_MS)));
  const report = useReconciliationReport(date);
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('reconciliation.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('reconciliation.intro')}</Typography.Paragraph>
      </header>
      {can(operator, 'receipts.review') && <StatementImport />}
      <div className="filter-form">
        <label htmlFor="reconciliation-date" className="field-label">
          {t('reconciliation.date')}
        </label>
        <Input
          id="reconciliation-date"
          type="date"
          value={date}
          max={vietnamDay(new Date())}
          onChange={(event) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setDate(event.target.value);
          }}
          style={{ width: 200 }}
        />
      </div>
      <QueryState query={report}>{(data) => <ReconciliationView report={data} />}</QueryState>
    </div>
  );
}
