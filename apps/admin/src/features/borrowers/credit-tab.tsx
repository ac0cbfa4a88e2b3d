import type { BorrowerDetail } from '@sen/contract';
import { Button, Card, Descriptions, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { can } from '../../shared/auth/permissions.ts';
import { formatBoolean, formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { AppealDialog, mayAppeal } from './appeal-dialog.tsx';
import { creditStatus } from './borrower-labels.ts';
import { emptyLocale } from './empty-table.tsx';

type Decision = BorrowerDetail['credit']['decisions'][number];
type RuleResult = Decision['ruleResults'][number];

/**
 * The credit account and the engine's decisions, each with the rules it checked and why; for a
 * rejected or paused borrower, a reviewer opens their appeal here.
 */
export function CreditTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  const operator = useOperator();
  const [appealing, setAppealing] = useState(false);
  const { account, decisions } = page.credit;
  const appealButton =
    can(operator, 'reviews.decide') && mayAppeal(account) ? (
      <Button onClick={() => setAppealing(true)} data-testid="open-appeal">
        {t('appeal.open')}
      </Button>
    ) : null;
  return (
    <div className="stack">
      <AppealDialog userId={page.borrower.userId} open={appealing} onClose={() => setAppealing(false)} />
      <Card title={<h2 className="card-title">{t('borrowers.credit.account')}</h2>} extra={appealButton}>
        {account ? (
          <Descriptions column={3} size="small" bordered>
            <Descriptions.Item label={t('borrowers.status')}>
              <StatusTag tone={creditStatus(account.status).tone}>{t(creditStatus(account.status).label)}</StatusTag>
            </Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.limit')}>{formatVnd(account.creditLimit)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.used')}>{formatVnd(account.usedAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.reviewPending')}>{formatBoolean(account.reviewPending)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.decidedAt')}>{formatDateTime(account.decidedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.nextTry')}>{account.nextTryDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('borrowers.credit.calmUntil')}>{account.calmUntilDate ?? '—'}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={t('borrowers.credit.none')} />
        )}
      </Card>
      <Card title={<h2 className="card-title">{t('borrowers.credit.decisions')}</h2>}>
        <Typography.Paragraph type="secondary">{t('borrowers.latest', { count: page.limits.decisions ?? decisions.length })}</Typography.Paragraph>
        <Table<Decision>
          rowKey="id"
          dataSource={decisions}
          pagination={false}
          size="small"
          locale={emptyLocale(t('borrowers.credit.noDecisions'))}
          expandable={{ expandedRowRender: (row) => <RuleResults results={row.ruleResults} />, rowExpandable: (row) => row.ruleResults.length > 0 }}
          columns={[
            { title: t('borrowers.at'), dataIndex: 'at', render: formatDateTime },
            { title: t('borrowers.credit.outcome'), dataIndex: 'outcome', render: (outcome: string) => <StatusTag tone={outcome === 'approve' ? 'success' : outcome === 'reject' ? 'danger' : 'warning'}>{outcome}</StatusTag> },
            { title: t('borrowers.credit.limit'), dataIndex: 'creditLimit', render: formatVnd },
            { title: t('borrowers.credit.reasons'), dataIndex: 'reasons', render: (reasons: string[]) => (reasons.length > 0 ? reasons.join(', ') : '—') },
            { title: t('borrowers.credit.policy'), dataIndex: 'policyVersion' },
            { title: t('borrowers.credit.nextTry'), dataIndex: 'nextTryDate', render: (date: string | null) => date ?? '—' },
          ]}
        />
      </Card>
    </div>
  );
}

function RuleResults({ results }: { results: RuleResult[] }) {
  const { t } = useT();
  return (
    <Table<RuleResult>
      rowKey="rule"
      dataSource={results}
      pagination={false}
      size="small"
      columns={[
        { title: t('borrowers.credit.rule'), dataIndex: 'rule' },
        { title: t('borrowers.credit.passed'), dataIndex: 'passed', render: (passed: boolean) => <StatusTag tone={passed ? 'success' : 'danger'}>{formatBoolean(passed)}</StatusTag> },
        { title: t('borrowers.credit.detail'), dataIndex: 'detail' },
        { title: t('borrowers.credit.onFail'), dataIndex: 'onFail' },
      ]}
    />
  );
}
