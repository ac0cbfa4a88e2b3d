import type { CollectionCase } from '@sen/contract';
import { Input, Select, Space, Table, Tabs, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { collectionCasePath } from '../../app/paths.ts';
import { useOperator } from '../auth/operator-query.ts';
import { can } from '../../shared/auth/permissions.ts';
import { formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { AssignSelect } from './assign-select.tsx';
import { useCollectionCases, useHardshipRequests, type CaseListFilter } from './collection-queries.ts';

const ALL = 'all';

/** Collections: the cases of overdue loans by days-past-due bucket, filtered by assignee, order and promise; an admin assigns them here. */
export default function CollectionsPage() {
  const { t } = useT();
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const bucket = params.get('bucket') ?? ALL;
  const assignee = params.get('assignee') ?? ALL;
  const promise = params.get('promise') ?? ALL;
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  const orderNo = params.get('orderNo') ?? '';
  const filter: CaseListFilter = {
    status,
    ...(bucket !== ALL ? { bucket } : {}),
    ...(assignee !== ALL ? { assignee } : {}),
    ...(promise === 'open' || promise === 'broken' ? { promise } : {}),
    ...(orderNo ? { orderNo } : {}),
  };
  const cases = useCollectionCases(filter);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL || value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  const mayAssign = can(operator, 'collections.assign');
  const buckets = cases.data?.buckets ?? [];
  const collectors = cases.data?.collectors ?? [];

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('collections.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('collections.intro')}</Typography.Paragraph>
      </header>
      <Tabs
        activeKey={bucket}
        onChange={(key) => set('bucket', key)}
        items={[
          { key: ALL, label: t('collections.bucket.all') },
          ...buckets.map((item) => ({ key: item.code, label: `${t('collections.bucket.days', { range: item.code })} (${item.open})` })),
        ]}
      />
      <Space wrap className="filters" size="middle">
        <label className="filter" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span className="filter__label">{t('collections.filter.assignee')}</span>
          <Select
            value={assignee}
            onChange={(value) => set('assignee', value)}
            style={{ minWidth: 220 }}
            aria-label={t('collections.filter.assignee')}
            options={[
              { value: ALL, label: t('collections.filter.anyone') },
              { value: 'me', label: t('collections.filter.me') },
              { value: 'none', label: t('collections.filter.unassigned') },
              ...collectors.map((collector) => ({ value: String(collector.id), label: `${collector.name || collector.email} (${collector.open})` })),
            ]}
          />
        </label>
        <label className="filter" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span className="filter__label">{t('collections.filter.promise')}</span>
          <Select
            value={promise}
            onChange={(value) => set('promise', value)}
            style={{ minWidth: 180 }}
            aria-label={t('collections.filter.promise')}
            options={[
              { value: ALL, label: t('collections.filter.anyPromise') },
              { value: 'open', label: t('collections.filter.openPromise') },
              { value: 'broken', label: t('collections.filter.brokenPromise') },
            ]}
          />
        </label>
        <label className="filter" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span className="filter__label">{t('collections.filter.status')}</span>
          <Select
            value={status}
            onChange={(value) => set('status', value === 'open' ? ALL : value)}
            style={{ minWidth: 140 }}
            aria-label={t('collections.filter.status')}
            options={[
              { value: 'open', label: t('collections.status.open') },
              { value: 'closed', label: t('collections.status.closed') },
            ]}
          />
        </label>
        <label className="filter" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <span className="filter__label">{t('collections.orderNo')}</span>
          <Input.Search defaultValue={orderNo} allowClear onSearch={(value) => set('orderNo', value.trim())} placeholder="SEN…" aria-label={t('collections.orderNo')} style={{ width: 220 }} />
        </label>
      </Space>
      <HardshipRequests />
      <QueryState query={cases} isEmpty={(data) => data.items.length === 0} emptyText={t('collections.empty')}>
        {(data) => (
          <Table<CollectionCase>
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            columns={[
              {
                title: t('collections.orderNo'),
                dataIndex: 'orderNo',
                render: (value: string, row) => (
                  <Link to={collectionCasePath(row.id)} aria-label={t('collections.openCase', { orderNo: value })}>
                    {value}
                  </Link>
                ),
              },
              { title: t('collections.borrower'), render: (_: unknown, row) => row.borrowerName ?? t('collections.numbered', { id: row.userId }) },
              { title: t('collections.phone'), dataIndex: 'phoneMasked', render: (value: string | null) => <span className="masked">{value ?? '—'}</span> },
              { title: t('collections.bucket'), dataIndex: 'bucket', render: (value: string) => <StatusTag tone={bucketTone(value)}>{t('collections.bucket.days', { range: value })}</StatusTag> },
              { title: t('collections.daysPastDue'), dataIndex: 'daysPastDue', align: 'right' },
              { title: t('collections.owed'), dataIndex: 'owed', render: formatVnd, align: 'right' },
              {
                title: t('collections.promise'),
                render: (_: unknown, row) => (row.openPromise ? t('collections.promiseShort', { amount: formatVnd(row.openPromise.amount), date: row.openPromise.promisedDate }) : '—'),
              },
              { title: t('collections.lastContact'), dataIndex: 'lastContactAt', render: formatDateTime },
              {
                title: t('collections.assignee'),
                render: (_: unknown, row) =>
                  mayAssign && row.status === 'open' ? (
                    <AssignSelect caseRow={row} collectors={collectors} />
                  ) : row.assignee ? (
                    `${row.assignee.name || row.assignee.email}${row.assignedBy === 'hand' ? ` · ${t('collections.byHand')}` : ''}`
                  ) : (
                    <Typography.Text type="secondary">{t('collections.unassigned')}</Typography.Text>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}

/** Requests for help waiting for an offer (decision 117): each links to its loan's case, where the offer is made. */
function HardshipRequests() {
  const { t } = useT();
  const requests = useHardshipRequests();
  const items = requests.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="stacked-card" aria-labelledby="hardship-requests" data-testid="hardship-requests">
      <Typography.Title level={2} id="hardship-requests" className="section-title">
        {t('restructure.requests.title', { count: items.length })}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={items}
        columns={[
          {
            title: t('collections.orderNo'),
            dataIndex: 'orderNo',
            render: (value: string, row: (typeof items)[number]) => (row.caseId !== null ? <Link to={collectionCasePath(row.caseId)}>{value}</Link> : value),
          },
          { title: t('restructure.requests.amount'), dataIndex: 'monthlyAmount', render: formatVnd, align: 'right' },
          { title: t('restructure.requests.reason'), render: (_: unknown, row: (typeof items)[number]) => [t(`restructure.reason.${row.reason}`), row.note].filter(Boolean).join(' · ') },
          { title: t('restructure.requests.at'), dataIndex: 'createdAt', render: formatDateTime },
        ]}
      />
    </section>
  );
}

export function bucketTone(bucket: string) {
  if (bucket === '1-10') return 'info' as const;
  if (bucket === '11-30') return 'warning' as const;
  return 'danger' as const;
}
