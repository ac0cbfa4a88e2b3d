import type { ReviewCase } from '@sen/contract';
import { Button, Table, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { reviewPath } from '../../app/paths.ts';
import { formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { BorrowerRef } from './borrower-ref.tsx';
import { CAUSES, causeLabel, formatAge, outcomeTone, statusTone } from './review-labels.ts';
import { useReviewPages, type ReviewListStatus } from './review-queries.ts';

const STATUSES: readonly ReviewListStatus[] = ['pending', 'decided'];

/**
 * The credit review queue (decision 095): the cases the engine left to a person, oldest first, with
 * why each is here and how long it has waited; the decided ones newest first, with who decided.
 * The cause filter narrows the pages loaded so far (the server pages by time).
 */
export default function ReviewsPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const status: ReviewListStatus = params.get('status') === 'decided' ? 'decided' : 'pending';
  const pages = useReviewPages(status);
  const items = pages.data?.pages.flatMap((page) => page.items);
  const now = new Date();

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('reviews.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('reviews.intro')}</Typography.Paragraph>
      </header>
      <Tabs activeKey={status} onChange={(key) => setParams({ status: key })} items={STATUSES.map((key) => ({ key, label: t(`reviews.tab.${key}`) }))} />
      <QueryState query={{ ...pages, data: items }} isEmpty={(list) => list.length === 0} emptyText={t(`reviews.empty.${status}`)}>
        {(list) => (
          <>
            <Table<ReviewCase>
              rowKey="id"
              dataSource={list}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              aria-label={t('reviews.title')}
              columns={[
                { title: '#', dataIndex: 'id', width: 70, render: (id: number) => <Link to={reviewPath(id)}>{id}</Link> },
                {
                  title: t('reviews.borrower'),
                  render: (_: unknown, row) => <BorrowerRef borrower={row.borrower} />,
                },
                {
                  title: t('reviews.cause'),
                  dataIndex: 'cause',
                  filters: CAUSES.map((cause) => ({ text: t(causeLabel(cause)), value: cause })),
                  onFilter: (value, row) => row.cause === value,
                  render: (cause: ReviewCase['cause'], row) => (
                    <span>
                      {t(causeLabel(cause))}
                      {row.engine.reasons.length > 0 && (
                        <>
                          <br />
                          <Typography.Text type="secondary">{row.engine.reasons.join(', ')}</Typography.Text>
                        </>
                      )}
                    </span>
                  ),
                },
                {
                  title: t('reviews.engineOutcome'),
                  render: (_: unknown, row) => <StatusTag tone={outcomeTone(row.engine.outcome)}>{t(`reviews.outcome.${row.engine.outcome}`)}</StatusTag>,
                },
                { title: t('reviews.suggestedLimit'), dataIndex: 'suggestedLimit', align: 'right', render: formatVnd },
                status === 'pending'
                  ? { title: t('reviews.age'), dataIndex: 'requestedAt', render: (at: string) => <span title={formatDateTime(at)}>{formatAge(at, now)}</span> }
                  : {
                      title: t('reviews.decidedBy'),
                      render: (_: unknown, row) =>
                        row.decision ? (
                          <span>
                            <StatusTag tone={outcomeTone(row.decision.decision)}>{t(`reviews.outcome.${row.decision.decision}`)}</StatusTag>
                            {row.decision.decidedBy.name || row.decision.decidedBy.email}
                            <br />
                            <Typography.Text type="secondary">{formatDateTime(row.decision.decidedAt)}</Typography.Text>
                          </span>
                        ) : (
                          '—'
                        ),
                    },
                { title: t('reviews.statusLabel'), dataIndex: 'status', render: (value: ReviewCase['status']) => <StatusTag tone={statusTone(value)}>{t(`reviews.status.${value}`)}</StatusTag> },
                {
                  title: <span className="visually-hidden">{t('common.actions')}</span>,
                  render: (_: unknown, row) => (
                    <Link to={reviewPath(row.id)} aria-label={t('reviews.openNumber', { id: row.id })}>
                      {t('reviews.open')}
                    </Link>
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
    </div>
  );
}
