import type { CollectionCaseDetail, CollectionContact, CollectionPromise } from '@sen/contract';
import { Alert, Breadcrumb, Card, Col, Descriptions, Row, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { borrowerPath, paths } from '../../app/paths.ts';
import { useOperator } from '../auth/operator-query.ts';
import { emptyLocale } from '../borrowers/empty-table.tsx';
import { OrderDetail } from '../borrowers/orders-tab.tsx';
import { can } from '../../shared/auth/permissions.ts';
import { formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { AssignSelect } from './assign-select.tsx';
import { ContactForm } from './contact-form.tsx';
import { useCollectionCase, useCollectionCases } from './collection-queries.ts';
import { bucketTone } from './collections-page.tsx';
import { PromiseForm } from './promise-form.tsx';
import { RestructureForm } from './restructure-form.tsx';

const PROMISE_TONES: Record<CollectionPromise['status'], Tone> = { open: 'info', kept: 'success', broken: 'danger' };
const CONTACT_TONES: Record<CollectionContact['status'], Tone> = { sent: 'success', refused: 'danger', noted: 'neutral' };

/** One case: who owes what since when, the next action, the contact log with its form, promises, dunning, the schedule and payments. */
export default function CasePage() {
  const { t } = useT();
  const caseId = Number(useParams().caseId);
  const detail = useCollectionCase(caseId);
  return (
    <div className="page">
      <Breadcrumb items={[{ title: <Link to={paths.collections}>{t('collections.title')}</Link> }, { title: t('collections.caseNumbered', { id: caseId }) }]} />
      <QueryState query={detail}>{(page) => <CaseContent page={page} />}</QueryState>
    </div>
  );
}

function CaseContent({ page }: { page: CollectionCaseDetail }) {
  const { t } = useT();
  const operator = useOperator();
  const mayWork = can(operator, 'collections.work') && page.case.status === 'open';
  const item = page.case;
  return (
    <>
      <header className="page__header">
        <Typography.Title level={1}>
          {item.orderNo} · {item.borrowerName ?? t('collections.numbered', { id: item.userId })}
        </Typography.Title>
        <Descriptions size="small" column={4}>
          <Descriptions.Item label={t('collections.bucket')}>
            <StatusTag tone={bucketTone(item.bucket)}>{t('collections.bucket.days', { range: item.bucket })}</StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label={t('collections.daysPastDue')}>{item.daysPastDue}</Descriptions.Item>
          <Descriptions.Item label={t('collections.owed')}>{formatVnd(item.owed)}</Descriptions.Item>
          <Descriptions.Item label={t('collections.status')}>
            <StatusTag tone={item.status === 'open' ? 'warning' : 'success'}>
              {item.status === 'open' ? t('collections.status.open') : t(`collections.closeReason.${item.closeReason ?? 'repaid'}`)}
            </StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label={t('collections.borrower')}>
            <Link to={borrowerPath(item.userId)}>{t('collections.numbered', { id: item.userId })}</Link>
            {' · '}
            <span className="masked">{item.phoneMasked ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('collections.openedAt')}>{formatDateTime(item.openedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('collections.contactsToday')}>{t('collections.contactsTodayValue', { count: page.contactsToday, limit: page.rules.perDay })}</Descriptions.Item>
          <Descriptions.Item label={t('collections.assignee')}>
            <Assignee page={page} />
          </Descriptions.Item>
        </Descriptions>
        <NextAction page={page} />
      </header>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={<h2 className="card-title">{t('collections.contacts.title')}</h2>}>
            {mayWork && <ContactForm page={page} />}
            <ContactLog contacts={page.contacts} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={<h2 className="card-title">{t('collections.promises.title')}</h2>}>
            {mayWork && <PromiseForm page={page} />}
            <Table<CollectionPromise>
              rowKey="id"
              size="small"
              dataSource={page.promises}
              pagination={false}
              locale={emptyLocale(t('collections.promises.none'))}
              columns={[
                { title: t('collections.promises.amount'), dataIndex: 'amount', render: formatVnd, align: 'right' },
                { title: t('collections.promises.date'), dataIndex: 'promisedDate' },
                { title: t('collections.promises.paid'), dataIndex: 'paid', render: formatVnd, align: 'right' },
                {
                  title: t('collections.status'),
                  dataIndex: 'status',
                  render: (status: CollectionPromise['status']) => (
                    <span data-testid={`promise-status-${status}`}>
                      <StatusTag tone={PROMISE_TONES[status]}>{t(`collections.promise.status.${status}`)}</StatusTag>
                    </span>
                  ),
                },
              ]}
            />
          </Card>
          <Card className="stacked-card" title={<h2 className="card-title">{t('collections.dunning.title')}</h2>}>
            <Typography.Paragraph type="secondary">{t('collections.dunning.intro')}</Typography.Paragraph>
            <Table
              rowKey={(rule) => `${rule.dayPastDue}:${rule.template}`}
              size="small"
              dataSource={page.dunning}
              pagination={false}
              columns={[
                { title: t('collections.daysPastDue'), dataIndex: 'dayPastDue', align: 'right' },
                { title: t('collections.contacts.template'), dataIndex: 'template' },
                { title: t('collections.contacts.channel'), dataIndex: 'channel', render: (channel: 'sms' | 'message') => t(`collections.channel.${channel}`) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {mayWork && (
        <Card className="stacked-card" title={<h2 className="card-title">{t('restructure.title')}</h2>}>
          <RestructureForm orderId={item.orderId} />
        </Card>
      )}
      <Card className="stacked-card" title={<h2 className="card-title">{t('collections.schedule')}</h2>}>
        <OrderDetail order={page.order} />
      </Card>
    </>
  );
}

function Assignee({ page }: { page: CollectionCaseDetail }) {
  const { t } = useT();
  const operator = useOperator();
  const list = useCollectionCases({ status: 'open', orderNo: page.case.orderNo });
  const item = page.case;
  if (can(operator, 'collections.assign') && item.status === 'open' && list.data) return <AssignSelect caseRow={item} collectors={list.data.collectors} />;
  if (!item.assignee) return <Typography.Text type="secondary">{t('collections.unassigned')}</Typography.Text>;
  return <>{`${item.assignee.name || item.assignee.email} · ${item.assignedBy === 'hand' ? t('collections.byHand') : t('collections.byRule')}`}</>;
}

function NextAction({ page }: { page: CollectionCaseDetail }) {
  const { t } = useT();
  const next = page.nextAction;
  const tone = next.kind === 'follow_up_broken_promise' ? 'error' : next.kind === 'contact_borrower' ? 'info' : next.kind === 'closed' ? 'success' : 'warning';
  return (
    <Alert
      className="form-alert"
      type={tone}
      showIcon
      data-testid="next-action"
      title={`${t('collections.next.label')}: ${t(`collections.next.${next.kind}`, { date: next.date ?? '' })}`}
      description={next.nextDunning ? t('collections.next.dunning', { day: next.nextDunning.dayPastDue, template: next.nextDunning.template }) : undefined}
    />
  );
}

function ContactLog({ contacts }: { contacts: CollectionContact[] }) {
  const { t } = useT();
  return (
    <Table<CollectionContact>
      rowKey="id"
      size="small"
      dataSource={contacts}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={emptyLocale(t('collections.contacts.none'))}
      columns={[
        { title: t('collections.contacts.at'), dataIndex: 'at', render: formatDateTime, width: 150 },
        { title: t('collections.contacts.channel'), dataIndex: 'channel', render: (channel: CollectionContact['channel']) => t(`collections.channel.${channel}`) },
        {
          title: t('collections.status'),
          render: (_: unknown, row) => (
            <StatusTag tone={CONTACT_TONES[row.status]}>{row.status === 'refused' && row.refusedRule ? t(`collections.rule.${row.refusedRule}`) : t(`collections.contactStatus.${row.status}`)}</StatusTag>
          ),
        },
        {
          title: t('collections.contacts.detail'),
          render: (_: unknown, row) =>
            [row.outcome ? t(`collections.outcome.${row.outcome}`) : null, row.template, row.targetMasked ? `→ ${row.targetMasked}` : null, row.content || null].filter(Boolean).join(' · '),
        },
        { title: t('collections.contacts.by'), render: (_: unknown, row) => (row.operator ? row.operator.name || row.operator.email : t('collections.contacts.automatic')) },
      ]}
    />
  );
}
