import { creditRuleNameSchema, manualReviewBandSchema, type CreditRulesInput } from '@sen/contract';
import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pendingProposalPath } from '../../app/paths.ts';
import { can } from '../../shared/auth/permissions.ts';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatDateTime, formatNumber, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { useCreditRules, useProposeCreditRules } from './credit-rules-queries.ts';
import { proposalOfValues, sameRules, valuesOfRules, type CreditRulesFormValues } from './credit-rules-values.ts';

type Version = NonNullable<ReturnType<typeof useCreditRules>['data']>['current'];
type Band = CreditRulesInput['manualReview'];

const band = manualReviewBandSchema.shape;
/** Whole VND with the language's thousands separators while typing; anything but digits is dropped when read. */
const groupDigits = (value: number | string | undefined) => (value === undefined || value === '' ? '' : formatNumber(Number(value)));
const readDigits = (text: string | undefined): number => {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? (null as unknown as number) : Number(digits);
};

/**
 * The credit rules operators change (decision 095): today the manual review band, which engine
 * outcomes go to a person. The rules in force, a form to propose new ones (four eyes: applied when
 * another operator approves on the approvals page) and every approved version.
 */
export default function CreditRulesPage() {
  const { t } = useT();
  const operator = useOperator();
  const rules = useCreditRules();
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('creditRules.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('creditRules.intro')}</Typography.Paragraph>
      </header>
      <QueryState query={rules}>
        {(data) => (
          <div className="stack">
            <Card title={<h2 className="card-title">{t('creditRules.current', { version: data.current.version })}</h2>}>
              <BandDescriptions band={data.current.rules.manualReview} />
              <Typography.Paragraph type="secondary">
                {data.current.version === 0 ? t('creditRules.fromConfiguration') : t('creditRules.since', { at: formatDateTime(data.current.effectiveFrom), by: who(data.current.approvedBy) })}
              </Typography.Paragraph>
            </Card>
            {can(operator, 'products.propose') && <ProposeCard current={data.current.rules} />}
            <HistoryCard history={data.history} />
          </div>
        )}
      </QueryState>
    </div>
  );
}

const who = (ref: { name: string; email: string } | null) => (ref ? ref.name || ref.email : '—');

function BandDescriptions({ band: rules }: { band: Band }) {
  const { t } = useT();
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('creditRules.failedRules')}>{rules.failedRules.length > 0 ? <RuleNames names={rules.failedRules} /> : t('creditRules.noFailedRules')}</Descriptions.Item>
      <Descriptions.Item label={t('creditRules.maxFailedRules')}>{rules.maxFailedRules}</Descriptions.Item>
      <Descriptions.Item label={t('creditRules.approvalsFrom')}>{rules.approvalsFromVnd === null ? t('creditRules.noApprovals') : formatVnd(rules.approvalsFromVnd)}</Descriptions.Item>
    </Descriptions>
  );
}

function RuleNames({ names }: { names: readonly string[] }) {
  return (
    <span className="rule-names">
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <code>{name}</code>
        </span>
      ))}
    </span>
  );
}

/** The propose form, starting from the rules in force; unchanged rules are not sent. */
function ProposeCard({ current }: { current: CreditRulesInput }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<CreditRulesFormValues>();
  const [error, setError] = useState<string | null>(null);
  const propose = useProposeCreditRules();
  const submit = (values: CreditRulesFormValues) => {
    setError(null);
    const input = proposalOfValues(values);
    if (sameRules(input.rules, current)) return setError(t('creditRules.unchanged'));
    propose.mutate(input, {
      onSuccess: ({ proposal }) => void navigate(pendingProposalPath(proposal.id)),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <Card title={<h2 className="card-title">{t('creditRules.proposeTitle')}</h2>}>
      <Typography.Paragraph type="secondary">{t('creditRules.proposeIntro')}</Typography.Paragraph>
      <Form<CreditRulesFormValues> form={form} layout="vertical" initialValues={valuesOfRules(current)} onFinish={submit} aria-label={t('creditRules.proposeTitle')}>
        <Form.Item name="failedRules" label={t('creditRules.failedRules')} rules={[zodRule(band.failedRules)]} extra={t('creditRules.failedRulesHelp')}>
          <Select mode="multiple" allowClear options={creditRuleNameSchema.options.map((name) => ({ value: name, label: name }))} style={{ maxWidth: 560 }} />
        </Form.Item>
        <Form.Item name="maxFailedRules" label={t('creditRules.maxFailedRules')} rules={[zodRule(band.maxFailedRules)]} validateTrigger="onSubmit">
          <InputNumber<number> min={1} max={creditRuleNameSchema.options.length} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="approvalsFromVnd"
          label={t('creditRules.approvalsFrom')}
          rules={[zodRule(band.approvalsFromVnd, { optional: true })]}
          validateTrigger="onSubmit"
          extra={t('creditRules.approvalsFromHelp')}
        >
          <InputNumber<number> style={{ width: 240 }} min={0} step={1_000_000} suffix="₫" formatter={groupDigits} parser={readDigits} />
        </Form.Item>
        <Form.Item name="reason" label={t('creditRules.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} className="form-alert" />}
        <Button type="primary" htmlType="submit" loading={propose.isPending}>
          {t('creditRules.propose')}
        </Button>
      </Form>
    </Card>
  );
}

function HistoryCard({ history }: { history: Version[] }) {
  const { t } = useT();
  return (
    <Card title={<h2 className="card-title">{t('creditRules.history')}</h2>}>
      <Table<Version>
        rowKey="version"
        size="small"
        pagination={false}
        dataSource={history}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('creditRules.version'), dataIndex: 'version' },
          { title: t('creditRules.effectiveFrom'), dataIndex: 'effectiveFrom', render: (at: string | null) => (at ? formatDateTime(at) : t('creditRules.configuration')) },
          {
            title: t('creditRules.failedRules'),
            render: (_: unknown, row) => (row.rules.manualReview.failedRules.length > 0 ? <RuleNames names={row.rules.manualReview.failedRules} /> : '—'),
          },
          { title: t('creditRules.maxFailedRulesShort'), render: (_: unknown, row) => row.rules.manualReview.maxFailedRules },
          { title: t('creditRules.approvalsFrom'), render: (_: unknown, row) => (row.rules.manualReview.approvalsFromVnd === null ? '—' : formatVnd(row.rules.manualReview.approvalsFromVnd)) },
          { title: t('creditRules.proposedBy'), render: (_: unknown, row) => who(row.proposedBy) },
          { title: t('creditRules.approvedBy'), render: (_: unknown, row) => who(row.approvedBy) },
        ]}
      />
    </Card>
  );
}
