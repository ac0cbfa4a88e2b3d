import { BORROWER_SEARCH_LIMIT, type BorrowerSearchHit } from '@sen/contract';
import { Empty, Input, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { borrowerPath } from '../../app/paths.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { searchKeyLabel } from './borrower-labels.ts';
import { useBorrowerSearch } from './borrower-queries.ts';

/** One search box (phone, ID number, order number or the start of a name), the matches below, masked. */
export default function BorrowerSearchPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useBorrowerSearch(q);

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('borrowers.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('borrowers.intro', { limit: BORROWER_SEARCH_LIMIT })}</Typography.Paragraph>
      </header>
      <div className="filter-form">
        <label htmlFor="borrower-search" className="field-label">
          {t('borrowers.searchLabel')}
        </label>
        <Input.Search
          id="borrower-search"
          key={q}
          defaultValue={q}
          placeholder={t('borrowers.searchPlaceholder')}
          enterButton={t('borrowers.search')}
          size="large"
          allowClear
          autoFocus
          loading={search.isFetching}
          onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
        />
      </div>
      {q === '' ? (
        <Empty description={t('borrowers.searchHint')} />
      ) : (
        <QueryState query={search} isEmpty={(data) => data.items.length === 0} emptyText={t('borrowers.noMatch', { q })}>
          {(data) => (
            <Table<BorrowerSearchHit>
              rowKey="userId"
              dataSource={data.items}
              pagination={false}
              aria-label={t('borrowers.results')}
              columns={[
                {
                  title: t('borrowers.name'),
                  dataIndex: 'fullName',
                  render: (name: string | null, row) => <Link to={borrowerPath(row.userId)}>{name ?? t('borrowers.numbered', { id: row.userId })}</Link>,
                },
                { title: t('borrowers.userId'), dataIndex: 'userId', width: 110 },
                { title: t('borrowers.phone'), dataIndex: 'phoneMasked', render: (value: string | null) => <span className="masked">{value ?? '—'}</span> },
                { title: t('borrowers.idNumber'), dataIndex: 'idNumberMasked', render: (value: string | null) => <span className="masked">{value ?? '—'}</span> },
                { title: t('borrowers.matchedBy'), dataIndex: 'matchedBy', render: (key: BorrowerSearchHit['matchedBy']) => t(searchKeyLabel(key)) },
                { title: t('borrowers.registeredAt'), dataIndex: 'registeredAt', render: formatDateTime },
              ]}
            />
          )}
        </QueryState>
      )}
    </div>
  );
}
