import type { ReviewCase } from '@sen/contract';
import { Breadcrumb, Card, Col, Descriptions, Empty, Row, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatBoolean, formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { flatten } from '../proposals/index.ts';
import { BorrowerRef } from './borrower-ref.tsx';
import { DecideForm } from './decide-form.tsx';
import { causeLabel, formatAge, outcomeTone, statusTone } from './review-labels.ts';
import { useReviewDetail } from './review-queries.ts';

type RuleResult = ReviewCase['engine']['ruleResults'][number];
type Detail = NonNullable<ReturnType<typeof useReviewDetail>['data']>;
type HistoryRow = Detail['history'][number];

const who = (operator: { name: string; email: string }) => operator.name || operator.email;


/**
 * One credit review: why it is here, what the engine concluded and from which facts, the borrower's
 * earlier decisions with their authors, and — while open — the reviewer's decision.
 */
export default function ReviewPage() {
  const { t } = useT();
  const reviewId = Number(useParams().reviewId);
  const detail = useReviewDetail(reviewId);
  return (
    <div className="page">
      <Breadcrumb items={[{ title: <Link to={paths.reviews}>{t('reviews.title')}</Link> }, { title: t('reviews.numbered', { id: reviewId }) }]} />
      <QueryState query={detail}>
        {(data) => (
          <>
            <CaseHeader review={data.review} />
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={14}>
                <div className="stack">
                  <EngineCard review={data.review} />
                  <HistoryCard history={data.history} />
                  <InputsCard inputs={data.inputs} />
                </div>
              </Col>
              <Col xs={24} xl={10}>
                <DecisionCard review={data.review} />
              </Col>
            </Row>
          </>
        )}
      </QueryState>
    </div>
  );
}

function CaseHeader({ review }: { review: ReviewCase }) {
  const { t } = useT();
  return (
    <header className="page__header">
      <Typography.Title level={1}>{t('reviews.numbered', { id: review.id })}</Typography.Title>
      <Descriptions size="small" column={{ xs: 1, lg: 2, xl: 3 }}>
        <Descriptions.Item label={t('reviews.borrower')}>
          <BorrowerRef borrower={review.borrower} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.statusLabel')}>
          <StatusTag tone={statusTone(review.status)}>{t(`reviews.status.${review.status}`)}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.cause')}>{t(causeLabel(review.cause))}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.requestedAt')}>
          {formatDateTime(review.requestedAt)} ({t('reviews.waited', { age: formatAge(review.requestedAt) })})
        </Descriptions.Item>
        {review.appeal && (
          <Descriptions.Item label={t('reviews.appeal')}>
            {review.appeal.reason} — {who(review.appeal.openedBy)}
          </Descriptions.Item>
        )}
        {review.asked && (
          <Descriptions.Item label={t('reviews.asked')}>
            {review.asked.question} — {who(review.asked.by)}, {formatDateTime(review.asked.at)}
          </Descriptions.Item>
        )}
      </Descriptions>
    </header>
  );
}

function EngineCard({ review }: { review: ReviewCase }) {
  const { t } = useT();
  const { engine } = review;
  return (
    <Card title={<h2 className="card-title">{t('reviews.engineTitle')}</h2>}>
      <Descriptions size="small" column={{ xs: 1, lg: 2 }} bordered>
        <Descriptions.Item label={t('reviews.engineOutcome')}>
          <StatusTag tone={outcomeTone(engine.outcome)}>{t(`reviews.outcome.${engine.outcome}`)}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label={t('reviews.engineLimit')}>{formatVnd(engine.creditLimit)}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.reasons')}>{engine.reasons.length > 0 ? engine.reasons.join(', ') : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.policy')}>{engine.policyVersion}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.suggestedLimit')}>{formatVnd(review.suggestedLimit)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={3} className="section-title">
        {t('reviews.rules')}
      </Typography.Title>
      <Table<RuleResult>
        rowKey="rule"
        size="small"
        pagination={false}
        dataSource={engine.ruleResults}
        rowClassName={(row) => (row.passed ? '' : 'rule-row--failed')}
        columns={[
          { title: t('borrowers.credit.rule'), dataIndex: 'rule', render: (rule: string) => <code>{rule}</code> },
          {
            title: t('borrowers.credit.passed'),
            dataIndex: 'passed',
            render: (passed: boolean) => <StatusTag tone={passed ? 'success' : 'danger'}>{formatBoolean(passed)}</StatusTag>,
          },
          { title: t('borrowers.credit.detail'), dataIndex: 'detail' },
          { title: t('borrowers.credit.onFail'), dataIndex: 'onFail', render: (onFail: RuleResult['onFail']) => t(`reviews.onFail.${onFail}`) },
        ]}
      />
    </Card>
  );
}

function DecisionCard({ review }: { review: ReviewCase }) {
  const { t } = useT();
  const operator = useOperator();
  const { decision } = review;
  return (
    <Card title={<h2 className="card-title">{decision ? t('reviews.decisionTitle') : t('reviews.decideTitle')}</h2>}>
      {decision ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('reviews.decision')}>
            <StatusTag tone={outcomeTone(decision.decision)}>{t(`reviews.outcome.${decision.decision}`)}</StatusTag>
          </Descriptions.Item>
          {decision.decision === 'approve' && <Descriptions.Item label={t('reviews.limit')}>{formatVnd(decision.creditLimit)}</Descriptions.Item>}
          <Descriptions.Item label={t('reviews.decisionReason')}>{decision.reason}</Descriptions.Item>
          <Descriptions.Item label={t('reviews.decidedBy')}>
            <span data-testid="review-decided-by">
              {who(decision.decidedBy)} ({decision.decidedBy.email})
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('reviews.decidedAt')}>{formatDateTime(decision.decidedAt)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <DecideForm review={review} ownAppeal={review.appeal?.openedBy.id === operator.id} />
      )}
    </Card>
  );
}

function HistoryCard({ history }: { history: HistoryRow[] }) {
  const { t } = useT();
  return (
    <Card title={<h2 className="card-title">{t('reviews.historyTitle')}</h2>}>
      <Table<HistoryRow>
        rowKey={(row) => `${row.at}-${row.outcome}`}
        size="small"
        dataSource={history}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reviews.noHistory')} /> }}
        columns={[
          { title: t('borrowers.at'), dataIndex: 'at', render: formatDateTime },
          { title: t('reviews.decision'), dataIndex: 'outcome', render: (outcome: HistoryRow['outcome']) => <StatusTag tone={outcomeTone(outcome)}>{t(`reviews.outcome.${outcome}`)}</StatusTag> },
          { title: t('reviews.limit'), dataIndex: 'creditLimit', align: 'right', render: formatVnd },
          { title: t('reviews.reasons'), render: (_: unknown, row) => [row.reasons.join(', '), row.note].filter(Boolean).join(' — ') || '—' },
          { title: t('reviews.author'), dataIndex: 'decidedBy', render: (by: HistoryRow['decidedBy']) => (by ? who(by) : t('reviews.engine')) },
        ]}
      />
    </Card>
  );
}

/** The facts the engine saw, one line each (phone and ID index left out by the server). */
function InputsCard({ inputs }: { inputs: unknown }) {
  const { t } = useT();
  const rows = Object.entries(flatten(inputs)).map(([field, value]) => ({ field, value: typeof value === 'string' ? value : JSON.stringify(value) }));
  return (
    <Card title={<h2 className="card-title">{t('reviews.inputsTitle')}</h2>}>
      <Table
        rowKey="field"
        size="small"
        dataSource={rows}
        pagination={{ pageSize: 12, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
        columns={[
          { title: t('reviews.fact'), dataIndex: 'field', render: (field: string) => <code>{field}</code> },
          { title: t('reviews.value'), dataIndex: 'value', render: (value: string) => <span className="change-value">{value}</span> },
        ]}
      />
    </Card>
  );
}
