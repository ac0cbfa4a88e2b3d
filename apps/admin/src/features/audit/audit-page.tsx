import { DownloadOutlined } from '@ant-design/icons';
import { adminEndpoints, type AuditEntry } from '@sen/contract';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Table, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { formatDateTime, vietnamDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { callAdmin, downloadAdminFile } from '../../shared/request/call-admin.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { ChangeTable } from '../proposals/index.ts';
import { AuditFilterForm } from './audit-filter-form.tsx';
import { filtersFromSearch, searchFromFilters, type AuditFilters } from './audit-filters.ts';

/** The audit trail: every operator action, newest first, filtered; exported as CSV. */
export default function AuditPage() {
  const { t } = useT();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const pages = useInfiniteQuery({
    queryKey: ['admin', 'audit', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => callAdmin(adminEndpoints.audit, { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const exportCsv = useMutation({ mutationFn: () => downloadAdminFile(adminEndpoints.auditExport, filters, `audit-${vietnamDay(new Date())}.csv`) });
  const items = pages.data?.pages.flatMap((page) => page.items);

  return (
    <div className="page">
      <header className="page__header page__header--with-action">
        <div>
          <Typography.Title level={1}>{t('audit.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
        </div>
        <Button icon={<DownloadOutlined />} onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
          {t('audit.export')}
        </Button>
      </header>
      {exportCsv.error && <Alert type="error" showIcon title={errorMessage(exportCsv.error)} className="form-alert" />}
      <AuditFilterForm value={filters} onChange={(next: AuditFilters) => setSearch(searchFromFilters(next))} />
      <QueryState query={{ ...pages, data: items }} isEmpty={(list) => list.length === 0} emptyText={t('audit.empty')}>
        {(list) => (
          <>
            <Table<AuditEntry>
              rowKey="id"
              dataSource={list}
              pagination={false}
              expandable={{
                expandRowByClick: false,
                expandedRowRender: (row) => <AuditDetail entry={row} />,
              }}
              columns={[
                { title: t('audit.at'), dataIndex: 'at', render: formatDateTime, width: 170 },
                { title: t('audit.actor'), render: (_: unknown, row) => (row.actor ? (row.actor.name ? `${row.actor.name} (${row.actor.email})` : row.actor.email) : t('audit.system')) },
                { title: t('audit.action'), dataIndex: 'action', render: (action: string) => <code>{action}</code> },
                { title: t('audit.target'), render: (_: unknown, row) => `${row.targetType}${row.targetId ? ` #${row.targetId}` : ''}` },
                { title: t('audit.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
                { title: t('audit.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
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

function AuditDetail({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  return (
    <div className="audit-detail">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('audit.userAgent')}>{entry.userAgent ?? '—'}</Descriptions.Item>
      </Descriptions>
      {(entry.before !== null || entry.after !== null) && <ChangeTable before={entry.before} after={entry.after ?? {}} />}
    </div>
  );
}
