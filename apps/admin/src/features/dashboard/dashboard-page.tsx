import { adminEndpoints, DASHBOARD_MAX_DAYS, DPD_BUCKETS, type DashboardDay } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Row, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { formatVnd, vietnamDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { TimeChart, type TimeSeries } from '../../shared/ui/time-chart.tsx';
import { formatCompactVnd, formatCount, formatRatio } from './dashboard-format.ts';
import { shapeDashboard, type DashboardSeries } from './dashboard-series.ts';
import { FunnelCard } from './funnel-card.tsx';

const DEFAULT_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COLOURS = { brand: '#0b6e70', accent: '#d4862a', danger: '#a8071a', info: '#0958d9', grey: '#6b7a7a' };
const BUCKET_COLOURS = ['#f2c94c', '#e8953a', '#d4622a', '#a8071a', '#5c0011'];

/** The range in the address (bookmarkable); the last 30 Vietnam days by default; at most the server's 366 days. */
function useRange(): [{ from: string; to: string }, (from: string, to: string) => void] {
  const [params, setParams] = useSearchParams();
  const today = vietnamDay(new Date());
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const valid = DATE.test(fromParam) && DATE.test(toParam) && fromParam <= toParam && dayjs(toParam).diff(dayjs(fromParam), 'day') < DASHBOARD_MAX_DAYS;
  const range = valid ? { from: fromParam, to: toParam } : { from: dayjs(today).subtract(DEFAULT_DAYS - 1, 'day').format('YYYY-MM-DD'), to: today };
  return [range, (from, to) => setParams({ from, to }, { replace: true })];
}

/**
 * The book by day (decision 096): applications, decisions, payouts, repayments, outstanding
 * principal and the overdue ratio by days-past-due bucket, for a range of Vietnam days; the
 * conversion funnel over the same days. The charts load ECharts on this page only.
 */
export default function DashboardPage() {
  const { t } = useT();
  const [range, setRange] = useRange();
  const report = useQuery({
    queryKey: ['admin', 'dashboard', range.from, range.to],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.dashboard, range, { signal }),
  });
  const series = useMemo(() => (report.data ? shapeDashboard(report.data) : undefined), [report.data]);
  const today = dayjs(vietnamDay(new Date()));

  return (
    <div className="page">
      <header className="page__header page__header--with-action">
        <div>
          <Typography.Title level={1}>{t('dashboard.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
        </div>
        <div>
          <label className="field-label" htmlFor="dashboard-range">
            {t('dashboard.range')}
          </label>
          <DatePicker.RangePicker
            id={{ start: 'dashboard-range' }}
            value={[dayjs(range.from), dayjs(range.to)]}
            allowClear={false}
            disabledDate={(day: Dayjs) => day.isAfter(today, 'day')}
            presets={[7, 30, 90, 365].map((days) => ({ label: t('dashboard.lastDays', { days }), value: [today.subtract(days - 1, 'day'), today] as [Dayjs, Dayjs] }))}
            onChange={(value) => {
              if (!value?.[0] || !value[1]) return;
              const [from, to] = value;
              // The server takes at most 366 days: a longer pick keeps its end and the 366 days before.
              const start = to.diff(from, 'day') >= DASHBOARD_MAX_DAYS ? to.subtract(DASHBOARD_MAX_DAYS - 1, 'day') : from;
              setRange(start.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
            }}
          />
        </div>
      </header>
      <QueryState query={{ ...report, data: series }} isEmpty={(data) => data.days.length === 0} emptyText={t('dashboard.empty')}>
        {(data) => (
          <div className="stack">
            {report.data && (
              <Alert
                type="info"
                showIcon
                title={
                  report.data.computedThrough
                    ? t('dashboard.freshness', { through: report.data.computedThrough, today: report.data.today })
                    : t('dashboard.notComputed', { today: report.data.today })
                }
                description={data.latest?.overdueAsOf ? t('dashboard.overdueAsOf', { date: data.latest.overdueAsOf }) : undefined}
              />
            )}
            <Figures data={data} />
            <Charts data={data} />
            <DailyTable days={data.days} />
          </div>
        )}
      </QueryState>
      <div className="stacked-card">
        <FunnelCard from={range.from} to={range.to} />
      </div>
    </div>
  );
}

function Figure({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card size="small" className="figure-card">
      <Statistic title={title} value={value} />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </Card>
  );
}

function Figures({ data }: { data: DashboardSeries }) {
  const { t } = useT();
  const { totals, latest } = data;
  return (
    <Row gutter={[16, 16]} role="list" aria-label={t('dashboard.figures')}>
      {[
        { title: t('dashboard.applications'), value: formatCount(totals.applications), note: formatVnd(totals.applicationAmount) },
        {
          title: t('dashboard.approvals'),
          value: formatCount(totals.approved),
          note: t('dashboard.approvalNote', { rate: totals.approvalRate === null ? '—' : formatRatio(totals.approvalRate), manual: formatCount(totals.manual) }),
        },
        { title: t('dashboard.payouts'), value: formatVnd(totals.payoutAmount), note: t('dashboard.loansCount', { count: formatCount(totals.payouts) }) },
        { title: t('dashboard.repayments'), value: formatVnd(totals.repaymentAmount), note: t('dashboard.paymentsCount', { count: formatCount(totals.repayments) }) },
        { title: t('dashboard.outstanding'), value: latest ? formatVnd(latest.outstandingPrincipal) : '—', note: latest ? t('dashboard.asOf', { date: latest.date }) : undefined },
        {
          title: t('dashboard.overdueRatio'),
          value: latest ? formatRatio(latest.overdueRatio) : '—',
          note: latest ? formatVnd(latest.overduePrincipal) : undefined,
        },
      ].map((figure) => (
        <Col key={figure.title} xs={24} md={12} xl={8} xxl={4} role="listitem">
          <Figure {...figure} />
        </Col>
      ))}
    </Row>
  );
}

function Charts({ data }: { data: DashboardSeries }) {
  const { t } = useT();
  const flows: TimeSeries[] = useMemo(
    () => [
      { name: t('dashboard.applications'), values: data.applications, kind: 'bar', color: COLOURS.brand },
      { name: t('dashboard.approved'), values: data.approved, kind: 'bar', color: COLOURS.info },
      { name: t('dashboard.rejected'), values: data.rejected, kind: 'bar', color: COLOURS.grey },
    ],
    [data, t],
  );
  const money: TimeSeries[] = useMemo(
    () => [
      { name: t('dashboard.payouts'), values: data.payoutAmount, kind: 'bar', color: COLOURS.brand },
      { name: t('dashboard.repayments'), values: data.repaymentAmount, kind: 'bar', color: COLOURS.accent },
    ],
    [data, t],
  );
  const book: TimeSeries[] = useMemo(() => [{ name: t('dashboard.outstanding'), values: data.outstandingPrincipal, kind: 'line', color: COLOURS.brand }], [data, t]);
  const overdue: TimeSeries[] = useMemo(
    () => DPD_BUCKETS.map((bucket, index) => ({ name: t('dashboard.bucket', { bucket }), values: data.bucketRatio[bucket], kind: 'bar' as const, stack: 'overdue', color: BUCKET_COLOURS[index]! })),
    [data, t],
  );
  const charts = [
    { key: 'flows', title: t('dashboard.chart.flows'), series: flows, format: formatCount, wholeNumbers: true },
    { key: 'money', title: t('dashboard.chart.money'), series: money, format: formatCompactVnd, wholeNumbers: true },
    { key: 'book', title: t('dashboard.chart.book'), series: book, format: formatCompactVnd, wholeNumbers: true },
    { key: 'overdue', title: t('dashboard.chart.overdue'), series: overdue, format: formatRatio, wholeNumbers: false },
  ];
  return (
    <Row gutter={[16, 16]}>
      {charts.map((chart) => (
        <Col key={chart.key} xs={24} xl={12}>
          <Card title={<h2 className="card-title">{chart.title}</h2>}>
            <TimeChart dates={data.dates} series={chart.series} label={t('dashboard.chartLabel', { title: chart.title, from: data.dates[0] ?? '', to: data.dates.at(-1) ?? '' })}
              format={chart.format}
              wholeNumbers={chart.wholeNumbers}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function DailyTable({ days }: { days: DashboardDay[] }) {
  const { t } = useT();
  const newestFirst = useMemo(() => [...days].reverse(), [days]);
  return (
    <Card title={<h2 className="card-title">{t('dashboard.byDay')}</h2>}>
      <Table<DashboardDay>
        rowKey="date"
        size="small"
        dataSource={newestFirst}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        expandable={{ expandedRowRender: (day) => <Buckets day={day} />, rowExpandable: (day) => day.overdue.principal > 0 }}
        columns={[
          { title: t('dashboard.date'), dataIndex: 'date', render: (date: string) => <span className="nowrap">{date}</span> },
          { title: t('dashboard.applications'), align: 'right', render: (_: unknown, day) => formatCount(day.applications.count) },
          { title: t('dashboard.approved'), align: 'right', render: (_: unknown, day) => formatCount(day.decisions.approved) },
          { title: t('dashboard.rejected'), align: 'right', render: (_: unknown, day) => formatCount(day.decisions.rejected + day.decisions.calm) },
          { title: t('dashboard.manual'), align: 'right', render: (_: unknown, day) => formatCount(day.decisions.manual) },
          { title: t('dashboard.payouts'), align: 'right', render: (_: unknown, day) => formatVnd(day.payouts.amount) },
          { title: t('dashboard.repayments'), align: 'right', render: (_: unknown, day) => formatVnd(day.repayments.amount) },
          { title: t('dashboard.outstanding'), align: 'right', render: (_: unknown, day) => formatVnd(day.outstandingPrincipal) },
          { title: t('dashboard.overduePrincipal'), align: 'right', render: (_: unknown, day) => formatVnd(day.overdue.principal) },
          { title: t('dashboard.overdueRatio'), align: 'right', render: (_: unknown, day) => formatRatio(day.overdue.ratio) },
        ]}
      />
    </Card>
  );
}

/** A day's overdue principal by days past due (the stacked chart's figures), opened under its row. */
function Buckets({ day }: { day: DashboardDay }) {
  const { t } = useT();
  return (
    <Table
      rowKey="bucket"
      size="small"
      pagination={false}
      dataSource={day.overdue.buckets}
      columns={[
        { title: t('dashboard.daysPastDue'), dataIndex: 'bucket', render: (bucket: string) => t('dashboard.bucket', { bucket }) },
        { title: t('dashboard.loans'), dataIndex: 'loans', align: 'right', render: (loans: number) => formatCount(loans) },
        { title: t('dashboard.overduePrincipal'), dataIndex: 'principal', align: 'right', render: (principal: number) => formatVnd(principal) },
        {
          title: t('dashboard.shareOfOutstanding'),
          align: 'right',
          render: (_: unknown, bucket) => formatRatio(day.outstandingPrincipal > 0 ? bucket.principal / day.outstandingPrincipal : 0),
        },
      ]}
    />
  );
}
