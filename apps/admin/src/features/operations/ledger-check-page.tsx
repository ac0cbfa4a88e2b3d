import { PlayCircleOutlined } from '@ant-design/icons';
import type { LedgerCheckReportData } from '@sen/contract';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Table, Typography } from 'antd';
import { formatDateTime, formatNumber } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { StatusPanel } from '../../shared/ui/status-panel.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { formatVndText } from './money-text.ts';
import { useLedgerCheck } from './operation-queries.ts';

type Check = LedgerCheckReportData['checks'][number];
type Violation = LedgerCheckReportData['violations'][number];

/**
 * The ledger check (`npm run ledger:check` in the back office, decision 055): run when asked, it
 * says whether every check holds, lists each check and any imbalance found, and the totals.
 */
export default function LedgerCheckPage() {
  const { t } = useT();
  const check = useLedgerCheck();
  const report = check.data;
  return (
    <div className="page">
      <header className="page__header page__header--with-action">
        <div>
          <Typography.Title level={1}>{t('ledger.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('ledger.intro')}</Typography.Paragraph>
        </div>
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void check.refetch()} loading={check.isFetching}>
          {report ? t('ledger.runAgain') : t('ledger.run')}
        </Button>
      </header>
      {check.error && <Alert type="error" showIcon title={t('common.loadFailed')} description={errorMessage(check.error)} className="form-alert" />}
      {!report && !check.isFetching && !check.error && <Empty description={t('ledger.notRun')} />}
      {report && <LedgerReport report={report} />}
    </div>
  );
}

function LedgerReport({ report }: { report: LedgerCheckReportData }) {
  const { t } = useT();
  const accounts = Object.entries(report.totals.byAccount).map(([account, balance]) => ({ account, balance }));
  const events = Object.entries(report.totals.byEvent).map(([event, count]) => ({ event, count }));
  return (
    <div className="stack">
      <div className="ledger-result">
        <StatusPanel
          kind={report.ok ? 'success' : 'error'}
          title={<span data-testid="ledger-verdict">{report.ok ? t('ledger.ok') : t('ledger.failed', { count: report.violations.length })}</span>}
          subTitle={t('ledger.checkedAt', { at: formatDateTime(report.checkedAt) })}
        />
      </div>
      <Card title={<h2 className="card-title">{t('ledger.checks')}</h2>}>
        <Table<Check>
          rowKey="name"
          size="small"
          dataSource={report.checks}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: t('ledger.check'), dataIndex: 'name', render: (name: string) => <code>{name}</code> },
            { title: t('ledger.description'), dataIndex: 'description' },
            {
              title: t('ledger.result'),
              dataIndex: 'violations',
              align: 'right',
              width: 160,
              render: (violations: number) => (
                <StatusTag tone={violations === 0 ? 'success' : 'danger'}>{violations === 0 ? t('ledger.holds') : t('ledger.violations', { count: formatNumber(violations) })}</StatusTag>
              ),
            },
          ]}
        />
      </Card>
      {report.violations.length > 0 && (
        <Card title={<h2 className="card-title">{t('ledger.imbalances')}</h2>}>
          <Table<Violation>
            rowKey={(row, index) => `${row.check}-${index}`}
            size="small"
            dataSource={report.violations}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('ledger.check'), dataIndex: 'check', render: (name: string) => <code>{name}</code> },
              { title: t('ledger.detail'), dataIndex: 'detail' },
            ]}
          />
        </Card>
      )}
      <Card title={<h2 className="card-title">{t('ledger.totals')}</h2>}>
        <Descriptions size="small" bordered column={{ xs: 1, lg: 4 }}>
          <Descriptions.Item label={t('ledger.entries')}>{formatNumber(report.totals.entries)}</Descriptions.Item>
          <Descriptions.Item label={t('ledger.lines')}>{formatNumber(report.totals.lines)}</Descriptions.Item>
          <Descriptions.Item label={t('ledger.debits')}>{formatVndText(report.totals.debits)}</Descriptions.Item>
          <Descriptions.Item label={t('ledger.credits')}>{formatVndText(report.totals.credits)}</Descriptions.Item>
        </Descriptions>
        <Row gutter={[16, 16]} className="stacked-card">
          <Col xs={24} xl={12}>
            <Table
              rowKey="account"
              size="small"
              dataSource={accounts}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: t('ledger.account'), dataIndex: 'account', render: (account: string) => <code>{account}</code> },
                { title: t('ledger.balance'), dataIndex: 'balance', align: 'right', render: formatVndText },
              ]}
            />
          </Col>
          <Col xs={24} xl={12}>
            <Table
              rowKey="event"
              size="small"
              dataSource={events}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: t('ledger.event'), dataIndex: 'event', render: (event: string) => <code>{event}</code> },
                { title: t('ledger.count'), dataIndex: 'count', align: 'right', render: (count: number) => formatNumber(count) },
              ]}
            />
          </Col>
        </Row>
      </Card>
    </div>
  );
}
