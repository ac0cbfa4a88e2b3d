import { adminEndpoints, DATA_REQUEST_DEADLINES, DATA_REQUEST_FILTERS, type AdminDataRequest, type DataRequestFilter } from '@sen/contract';
import { Button, Form, InputNumber, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { borrowerPath } from '../../app/paths.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatDateTime, formatDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { ReasonDialog } from '../../shared/ui/reason-dialog.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { requestDeadline } from './deadline.ts';
import { DeadlineTag } from './deadline-tag.tsx';
import { useDataRequestAction, useDataRequests } from './privacy-queries.ts';
import { useNow } from './use-now.ts';

const STATE_TONES: Record<AdminDataRequest['state'], Tone> = { open: 'warning', completed: 'success', refused: 'neutral' };
type Acting = { action: 'extend' | 'complete' | 'refuse'; request: AdminDataRequest } | null;

/**
 * Borrowers' data-subject requests (decision 116): open ones by their due day with the time left
 * (overdue rows highlighted), closed ones with who closed them; extend once (1–15 days, with the
 * reason the borrower sees), complete with a note, refuse with a reason. Each action is audited.
 */
export default function DataRequestsPage() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const state: DataRequestFilter = DATA_REQUEST_FILTERS.find((candidate) => candidate === params.get('state')) ?? 'open';
  const requests = useDataRequests(state);
  const [acting, setActing] = useState<Acting>(null);

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('privacy.requests.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('privacy.requests.intro')}</Typography.Paragraph>
      </header>
      <Tabs activeKey={state} onChange={(next) => setParams({ state: next })} items={DATA_REQUEST_FILTERS.map((key) => ({ key, label: t(`privacy.filter.${key}`) }))} />
      <QueryState query={requests} isEmpty={(list) => list.length === 0} emptyText={t(`privacy.requests.empty.${state}`)}>
        {(list) => <DataRequestTable list={list} onAct={setActing} />}
      </QueryState>
      <ActionDialogs acting={acting} onClose={() => setActing(null)} />
    </div>
  );
}

export function DataRequestTable({ list, onAct }: { list: AdminDataRequest[]; onAct: (acting: Acting) => void }) {
  const { t } = useT();
  const now = useNow();
  return (
    <Table<AdminDataRequest>
      rowKey="id"
      dataSource={list}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      rowClassName={(row) => (row.reminder === 'overdue' || requestDeadline(row, now)?.overdue ? 'row--overdue' : row.reminder === 'due_soon' ? 'row--due-soon' : '')}
      columns={[
        { title: '#', dataIndex: 'id' },
        {
          title: t('privacy.borrower'),
          render: (_: unknown, row) => (
            <span>
              <Link to={borrowerPath(row.userId)}>{row.userId}</Link> <Typography.Text type="secondary" className="nowrap">
                {row.phoneMasked}
              </Typography.Text>
            </span>
          ),
        },
        {
          title: t('privacy.kind'),
          // The borrower's own words get the room (the dates beside them squeezed them to 'Địa chỉ th…').
          width: '24%',
          render: (_: unknown, row) => (
            <span>
              {t(`privacy.kind.${row.kind}`)}
              {row.consent ? ` · ${t(`privacy.consent.${row.consent}`)}` : ''}
              {row.details ? <Typography.Paragraph className="cell-note" ellipsis={{ rows: 2, expandable: true }}>{row.details}</Typography.Paragraph> : null}
            </span>
          ),
        },
        { title: t('privacy.filedAt'), dataIndex: 'filedAt', render: (iso: string) => <span className="nowrap">{formatDateTime(iso)}</span> },
        {
          title: t('privacy.acknowledged'),
          render: (_: unknown, row) => (
            <span className="nowrap">
              {formatDateTime(row.acknowledgedAt)}
              <br />
              <Typography.Text type="secondary">{t('privacy.acknowledgeBy', { date: formatDay(row.acknowledgeDue) })}</Typography.Text>
            </span>
          ),
        },
        {
          title: t('privacy.due'),
          render: (_: unknown, row) =>
            row.extendedDue ? (
              <span className="nowrap">
                <s>{formatDay(row.due)}</s> {formatDay(row.extendedDue)}
                <br />
                <Typography.Text type="secondary">{t('privacy.extendedBy', { name: row.extendedBy?.name ?? '—', reason: row.extensionReason ?? '' })}</Typography.Text>
              </span>
            ) : (
              <span className="nowrap">{formatDay(row.due)}</span>
            ),
        },
        {
          title: t('privacy.timer'),
          render: (_: unknown, row) => {
            const deadline = requestDeadline(row, now);
            if (deadline)
              return (
                <span>
                  <DeadlineTag deadline={deadline} testId={`data-request-timer-${row.id}`} />
                  {row.reminder && (
                    <span data-testid={`data-request-reminder-${row.id}`}>
                      <StatusTag tone={row.reminder === 'overdue' ? 'danger' : 'warning'}>{t(`privacy.reminder.${row.reminder}`)}</StatusTag>
                    </span>
                  )}
                </span>
              );
            return (
              <span>
                <StatusTag tone={STATE_TONES[row.state]}>{t(`privacy.state.${row.state}`)}</StatusTag>
                <br />
                <Typography.Text type="secondary">
                  {formatDateTime(row.closedAt)} · {row.closedBy?.name ?? t('privacy.bySystem')}
                </Typography.Text>
                {row.outcome ? <Typography.Paragraph className="cell-note">{row.outcome}</Typography.Paragraph> : null}
              </span>
            );
          },
        },
        {
          title: t('common.actions'),
          render: (_: unknown, row) =>
            row.state === 'open' ? (
              <Space wrap>
                <Button onClick={() => onAct({ action: 'extend', request: row })} disabled={row.extendedDue !== null} aria-label={t('privacy.extendNumber', { id: row.id })}>
                  {t('privacy.extend')}
                </Button>
                <Button type="primary" onClick={() => onAct({ action: 'complete', request: row })} aria-label={t('privacy.completeNumber', { id: row.id })}>
                  {t('privacy.complete')}
                </Button>
                <Button danger onClick={() => onAct({ action: 'refuse', request: row })} aria-label={t('privacy.refuseNumber', { id: row.id })}>
                  {t('privacy.refuse')}
                </Button>
              </Space>
            ) : null,
        },
      ]}
    />
  );
}

const daysRule = zodRule(adminEndpoints.dataRequestExtend.request.shape.days);

function ActionDialogs({ acting, onClose }: { acting: Acting; onClose: () => void }) {
  const { t } = useT();
  const act = useDataRequestAction();
  const request = acting?.request;
  const id = request?.id ?? 0;
  return (
    <>
      <ReasonDialog<{ days: number }>
        open={acting?.action === 'extend'}
        onClose={onClose}
        title={t('privacy.extendTitle', { id })}
        okText={t('privacy.extend')}
        reasonLabel={t('privacy.extendReason')}
        pending={act.isPending}
        initialValues={{ days: DATA_REQUEST_DEADLINES.maxExtensionDays }}
        onSubmit={(values, done) => act.mutate({ action: 'extend', id, days: Number(values.days), reason: values.reason }, done)}
      >
        <Typography.Paragraph type="secondary">{t('privacy.extendNote')}</Typography.Paragraph>
        <Form.Item name="days" label={t('privacy.extendDays')} rules={[daysRule]} validateTrigger="onSubmit">
          <InputNumber precision={0} />
        </Form.Item>
      </ReasonDialog>
      <ReasonDialog<object>
        open={acting?.action === 'complete'}
        onClose={onClose}
        title={t('privacy.completeTitle', { id })}
        okText={t('privacy.complete')}
        reasonLabel={t('privacy.completeNote')}
        pending={act.isPending}
        onSubmit={(values, done) => act.mutate({ action: 'complete', id, note: values.reason }, done)}
      />
      <ReasonDialog<object>
        open={acting?.action === 'refuse'}
        onClose={onClose}
        title={t('privacy.refuseTitle', { id })}
        okText={t('privacy.refuse')}
        reasonLabel={t('privacy.refuseReason')}
        danger
        pending={act.isPending}
        onSubmit={(values, done) => act.mutate({ action: 'refuse', id, reason: values.reason }, done)}
      />
    </>
  );
}
