import { PROPOSAL_STATUSES, type ProposalView } from '@sen/contract';
import { Button, Table, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { ProposalDrawer } from './proposal-drawer.tsx';
import { useProposalPages, type ProposalStatus } from './proposal-queries.ts';

const STATUS_TONES: Record<ProposalStatus, Tone> = { pending: 'warning', approved: 'success', rejected: 'danger', expired: 'neutral' };

function isStatus(value: string | null): value is ProposalStatus {
  return (PROPOSAL_STATUSES as readonly string[]).includes(value ?? '');
}

/** Four-eyes: proposals by status; one opens beside the list with its before/after and the decision. */
export default function ProposalsPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: ProposalStatus = isStatus(statusParam) ? statusParam : 'pending';
  const openId = Number(params.get('id')) || null;
  const pages = useProposalPages(status);
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const open = items.find((proposal) => proposal.id === openId) ?? null;

  const setStatus = (next: string) => setParams({ status: next });
  const setOpen = (id: number | null) => setParams(id === null ? { status } : { status, id: String(id) });

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('proposals.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('proposals.intro')}</Typography.Paragraph>
      </header>
      <Tabs activeKey={status} onChange={setStatus} items={PROPOSAL_STATUSES.map((key) => ({ key, label: t(`proposals.status.${key}`) }))} />
      <QueryState query={{ ...pages, data: pages.data ? items : undefined }} isEmpty={(list) => list.length === 0} emptyText={t(`proposals.empty.${status}`)}>
        {(list) => (
          <>
            <Table<ProposalView>
              rowKey="id"
              dataSource={list}
              pagination={false}
              columns={[
                { title: '#', dataIndex: 'id', width: 64 },
                { title: t('proposals.kind'), dataIndex: 'kind', render: (kind: ProposalView['kind']) => t(`proposals.kind.${kind}`) },
                { title: t('proposals.summary'), dataIndex: 'summary' },
                { title: t('proposals.proposedBy'), render: (_: unknown, row) => row.proposedBy.name || row.proposedBy.email },
                { title: t('proposals.proposedAt'), dataIndex: 'proposedAt', render: formatDateTime },
                { title: t('proposals.statusLabel'), dataIndex: 'status', render: (value: ProposalStatus) => <StatusTag tone={STATUS_TONES[value]}>{t(`proposals.status.${value}`)}</StatusTag> },
                {
                  title: <span className="visually-hidden">{t('common.actions')}</span>,
                  render: (_: unknown, row) => (
                    <Button onClick={() => setOpen(row.id)} aria-label={t('proposals.openNumber', { id: row.id })}>
                      {t('proposals.open')}
                    </Button>
                  ),
                },
              ]}
            />
            {pages.hasNextPage && (
              <div className="load-more">
                <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                  {t('common.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
      <ProposalDrawer proposal={open} onClose={() => setOpen(null)} />
    </div>
  );
}
