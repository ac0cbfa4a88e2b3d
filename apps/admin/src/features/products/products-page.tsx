import { PlusOutlined } from '@ant-design/icons';
import type { ProductRecord, ProductVersion } from '@sen/contract';
import { Alert, Button, Table, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { can } from '../../shared/auth/permissions.ts';
import { formatDateTime, formatNumber, formatPpm, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { ChangeTable } from '../proposals/index.ts';
import { useProducts } from './product-queries.ts';

/** Loan products as they are now, and every approved version before (who proposed, who approved). */
export default function ProductsPage() {
  const { t } = useT();
  const operator = useOperator();
  const products = useProducts();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const tab = search.get('tab') === 'history' ? 'history' : 'products';
  const mayPropose = can(operator, 'products.propose');
  return (
    <div className="page">
      <header className="page__header page__header--with-action">
        <div>
          <Typography.Title level={1}>{t('products.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('products.intro')}</Typography.Paragraph>
        </div>
        {mayPropose && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(paths.productPropose)}>
            {t('products.new')}
          </Button>
        )}
      </header>
      <QueryState query={products}>
        {(data) => (
          <>
            <Alert
              type="info"
              showIcon
              className="form-alert"
              title={t('products.cap', { licence: data.rateCap.licence, percent: formatNumber(data.rateCap.annualPercent, 0), multiple: formatNumber(data.rateCap.overdueMultiple * 100, 0) })}
            />
            <Tabs
              activeKey={tab}
              onChange={(key) => setSearch(key === 'history' ? { tab: key } : {})}
              items={[
                { key: 'products', label: t('products.current'), children: <ProductTable products={data.products} mayPropose={mayPropose} /> },
                { key: 'history', label: t('products.history'), children: <HistoryTable history={data.history} /> },
              ]}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

function ProductTable({ products, mayPropose }: { products: ProductRecord[]; mayPropose: boolean }) {
  const { t } = useT();
  return (
    <Table<ProductRecord>
      rowKey="code"
      size="middle"
      dataSource={products}
      pagination={false}
      locale={{ emptyText: t('products.empty') }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('products.code'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
        { title: t('products.name'), dataIndex: 'name' },
        { title: t('products.amounts'), render: (_: unknown, row) => `${formatVnd(row.minAmount)} – ${formatVnd(row.maxAmount)}` },
        { title: t('products.term'), dataIndex: 'termDays', render: (days: number) => t('products.days', { count: days }) },
        {
          title: t('products.dailyRate'),
          dataIndex: 'dailyRatePpm',
          align: 'right',
          render: (ppm: number, row) => (
            <span>
              {formatPpm(ppm)}
              <br />
              <span className="secondary-text">{t('products.perYear', { percent: formatNumber(row.annualPercent, 2) })}</span>
            </span>
          ),
        },
        { title: t('products.serviceFee'), dataIndex: 'serviceFeePpm', align: 'right', render: formatPpm },
        { title: t('products.overdueRate'), dataIndex: 'overdueDailyRatePpm', align: 'right', render: formatPpm },
        { title: t('products.status'), dataIndex: 'active', render: (active: boolean) => <StatusTag tone={active ? 'success' : 'neutral'}>{active ? t('products.active') : t('products.inactive')}</StatusTag> },
        ...(mayPropose
          ? [
              {
                title: t('common.actions'),
                render: (_: unknown, row: ProductRecord) => (
                  <Link to={`${paths.productPropose}?code=${encodeURIComponent(row.code)}`} aria-label={t('products.proposeFor', { name: row.name })}>
                    {t('products.propose')}
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The version before `version` of the same product, to compare against. */
function previousVersion(history: ProductVersion[], version: ProductVersion): ProductVersion | undefined {
  return history.find((entry) => entry.productCode === version.productCode && entry.version === version.version - 1);
}

function HistoryTable({ history }: { history: ProductVersion[] }) {
  const { t } = useT();
  return (
    <Table<ProductVersion>
      rowKey={(row) => `${row.productCode}:${row.version}`}
      dataSource={history}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('products.noHistory') }}
      expandable={{ expandedRowRender: (row) => <ChangeTable before={previousVersion(history, row)?.product ?? null} after={row.product} onlyChanged /> }}
      columns={[
        { title: t('products.code'), dataIndex: 'productCode', render: (code: string) => <code>{code}</code> },
        { title: t('products.version'), dataIndex: 'version' },
        { title: t('products.effectiveFrom'), dataIndex: 'effectiveFrom', render: formatDateTime },
        { title: t('proposals.proposedBy'), render: (_: unknown, row) => row.proposedBy?.name ?? t('products.byCommandLine') },
        { title: t('proposals.approvedBy'), render: (_: unknown, row) => row.approvedBy?.name ?? '—' },
        {
          title: t('products.proposal'),
          dataIndex: 'proposalId',
          render: (id: number | null) => (id ? <Link to={`${paths.proposals}?status=approved&id=${id}`}>#{id}</Link> : '—'),
        },
      ]}
    />
  );
}
