import { Table, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { BankTime } from './bank-time.tsx';
import { useTransfers, type TransferOutcome } from './operation-queries.ts';

type Transfer = NonNullable<ReturnType<typeof useTransfers>['data']>[number];

const OUTCOMES: readonly TransferOutcome[] = ['unmatched', 'matched', 'outgoing', 'foreign_account', 'all'];
const OUTCOME_TONES: Record<string, Tone> = { matched: 'success', unmatched: 'warning', outgoing: 'neutral', foreign_account: 'info' };

/**
 * The collection account's bank transfers as the bank reported them (SePay webhook, decision 076):
 * unmatched first — money in that named no repayment, which someone must place — then by outcome.
 */
export default function TransfersPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const outcomeParam = params.get('outcome') as TransferOutcome | null;
  const outcome: TransferOutcome = outcomeParam && OUTCOMES.includes(outcomeParam) ? outcomeParam : 'unmatched';
  const transfers = useTransfers(outcome);
  const known = (value: string): value is TransferOutcome => (OUTCOMES as readonly string[]).includes(value);
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('transfers.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('transfers.intro')}</Typography.Paragraph>
      </header>
      <Tabs activeKey={outcome} onChange={(key) => setParams({ outcome: key })} items={OUTCOMES.map((key) => ({ key, label: t(`transfers.outcome.${key}`) }))} />
      <QueryState query={transfers} isEmpty={(list) => list.length === 0} emptyText={t(`transfers.empty.${outcome}`)}>
        {(list) => (
          <Table<Transfer>
            rowKey="id"
            dataSource={list}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: t('transfers.receivedAt'), dataIndex: 'receivedAt', render: formatDateTime },
              { title: t('transfers.transactionDate'), dataIndex: 'transactionDate', render: (date: string, row) => <BankTime transactionDate={date} asSent={row.transactionDateAsSent} /> },
              {
                title: t('transfers.amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (amount: number, row) => (row.transferType === 'out' ? `−${formatVnd(amount)}` : formatVnd(amount)),
              },
              { title: t('transfers.direction'), dataIndex: 'transferType', render: (type: Transfer['transferType']) => t(`transfers.direction.${type}`) },
              { title: t('transfers.account'), dataIndex: 'accountNumber', render: (account: string) => <span className="masked">{account}</span> },
              { title: t('transfers.content'), dataIndex: 'content', render: (content: string) => <span className="transfer-content">{content}</span> },
              {
                title: t('transfers.outcomeLabel'),
                dataIndex: 'outcome',
                render: (value: string) => <StatusTag tone={OUTCOME_TONES[value] ?? 'neutral'}>{known(value) ? t(`transfers.outcome.${value}`) : value}</StatusTag>,
              },
              { title: t('transfers.reference'), dataIndex: 'providerTransactionId', render: (id: string) => <code>{id}</code> },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
