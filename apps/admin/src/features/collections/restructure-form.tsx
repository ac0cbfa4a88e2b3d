import type { RestructurePreview } from '@sen/contract';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { formatDay, formatNumber, formatVnd, vietnamDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useProposeRestructure, useRestructurePreview } from './collection-queries.ts';

interface OfferValues {
  planNums: number;
  periodDays: number;
  waiveOverdueFee: number;
  waiveInterest: number;
  reason: string;
}

type Plan = NonNullable<RestructurePreview['plan']>;
/** Grouped in the operator's language ('11,250' in English, as the caps under the fields are written; it showed '11.250'). */
const vnd = (value: number | string | undefined) => (value === undefined || value === '' ? '' : formatNumber(Number(value)));
const digits = (text: string | undefined) => Number((text ?? '').replace(/\D/g, ''));

/**
 * A restructure offer (decision 117): new term (instalments × days between them) and what of the
 * overdue fee and the overdue interest to waive, within the rules; previewed as the new schedule
 * with its full cost and APR, then proposed for a second operator's approval (`loan.restructure`).
 */
export function RestructureForm({ orderId }: { orderId: number }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferValues>();
  const preview = useRestructurePreview();
  const propose = useProposeRestructure();
  const [error, setError] = useState<string | null>(null);
  const shown = preview.data;

  const terms = () => {
    const values = form.getFieldsValue();
    return { orderId, planNums: values.planNums, periodDays: values.periodDays, waiveOverdueFee: values.waiveOverdueFee ?? 0, waiveInterest: values.waiveInterest ?? 0 };
  };
  const look = () => {
    setError(null);
    preview.mutate(terms(), { onError: (failure) => setError(errorMessage(failure)) });
  };

  return (
    <Form<OfferValues>
      form={form}
      layout="vertical"
      initialValues={{ planNums: 6, periodDays: 30, waiveOverdueFee: 0, waiveInterest: 0 }}
      onFinish={(values) => {
        setError(null);
        propose.mutate(
          { ...terms(), reason: values.reason },
          {
            onSuccess: (answer) => {
              void message.success(t('restructure.proposed', { id: answer.proposal.id }));
              form.resetFields(['reason']);
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
      data-testid="restructure-form"
    >
      <Typography.Paragraph type="secondary">{t('restructure.intro')}</Typography.Paragraph>
      {shown?.request && (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          data-testid="restructure-request"
          title={t('restructure.request', { amount: formatVnd(shown.request.monthlyAmount), reason: t(`restructure.reason.${shown.request.reason}`) })}
          description={shown.request.note || undefined}
        />
      )}
      <Space align="start" wrap>
        <Form.Item name="planNums" label={t('restructure.planNums')} rules={[{ required: true, message: t('restructure.required') }]}>
          <InputNumber<number> min={1} max={60} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="periodDays" label={t('restructure.periodDays')} rules={[{ required: true, message: t('restructure.required') }]}>
          <InputNumber<number> min={1} max={366} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="waiveOverdueFee" label={t('restructure.waiveOverdueFee')} extra={shown ? t('restructure.atMost', { amount: formatVnd(shown.caps.overdueFee) }) : undefined}>
          <InputNumber<number> min={0} step={10_000} style={{ width: 180 }} suffix="₫" formatter={vnd} parser={digits} />
        </Form.Item>
        <Form.Item name="waiveInterest" label={t('restructure.waiveInterest')} extra={shown ? t('restructure.atMost', { amount: formatVnd(shown.caps.interest) }) : undefined}>
          <InputNumber<number> min={0} step={10_000} style={{ width: 180 }} suffix="₫" formatter={vnd} parser={digits} />
        </Form.Item>
        {/* On the inputs' line, under an empty label (it sat level with the labels). */}
        <Form.Item label=" " colon={false}>
          <Button onClick={look} loading={preview.isPending} data-testid="restructure-preview">
            {t('restructure.preview')}
          </Button>
        </Form.Item>
      </Space>
      {shown && shown.violations.length > 0 && (
        <Alert className="form-alert" type="warning" showIcon data-testid="restructure-violations" title={shown.violations.map((rule) => t(`restructure.rule.${rule}`, { ...ruleValues(shown) })).join(' · ')} />
      )}
      {shown?.openOffer && <Alert className="form-alert" type="info" showIcon title={t('restructure.openOffer', { date: vietnamDay(new Date(shown.openOffer.expiresAt)) })} />}
      {shown?.lastOffer && !shown.openOffer && (shown.lastOffer.state === 'expired' || shown.lastOffer.state === 'declined') && (
        <Alert
          className="form-alert"
          type="warning"
          showIcon
          data-testid="restructure-last-offer"
          title={t(`restructure.lastOffer.${shown.lastOffer.state}`, { id: shown.lastOffer.id, date: vietnamDay(new Date(shown.lastOffer.decidedAt ?? shown.lastOffer.expiresAt)) })}
        />
      )}
      {shown?.plan && <PlanView plan={shown.plan} />}
      {error && <Alert className="form-alert" type="error" showIcon title={error} />}
      <Form.Item name="reason" label={t('restructure.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={propose.isPending} disabled={!shown?.plan || shown.openOffer !== null} data-testid="restructure-propose">
        {t('restructure.propose')}
      </Button>
    </Form>
  );
}

function ruleValues(shown: RestructurePreview): Record<string, string> {
  const { rules } = shown;
  return {
    max: String(rules.maxInstalments),
    min: String(rules.minPeriodDays),
    maxDays: String(rules.maxPeriodDays),
    term: String(rules.maxTermDays),
    extension: String(rules.maxExtensionDays),
    fee: formatVnd(shown.caps.overdueFee),
    interest: formatVnd(shown.caps.interest),
  };
}

function PlanView({ plan }: { plan: Plan }) {
  const { t } = useT();
  const sum = (parts: Plan['closed']) => parts.principal + parts.interest + parts.fee + parts.overdueFee;
  return (
    <div className="stacked-card restructure-plan" data-testid="restructure-plan">
      <Descriptions size="small" column={3} bordered>
        <Descriptions.Item label={t('restructure.owedNow')}>{formatVnd(sum(plan.closed))}</Descriptions.Item>
        <Descriptions.Item label={t('restructure.waived')}>{formatVnd(sum(plan.waived))}</Descriptions.Item>
        <Descriptions.Item label={t('restructure.carried')}>{formatVnd(sum(plan.carried))}</Descriptions.Item>
        <Descriptions.Item label={t('restructure.newInterest')}>{formatVnd(plan.newInterest)}</Descriptions.Item>
        <Descriptions.Item label={t('restructure.total')}>
          <span data-testid="restructure-total">{formatVnd(plan.totalRepayable)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('restructure.apr')}>
          <span data-testid="restructure-apr">{`${formatNumber(plan.aprPercent, 2)} %`}</span>
        </Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="planPart"
        size="small"
        pagination={false}
        dataSource={plan.instalments}
        columns={[
          { title: t('restructure.col.due'), dataIndex: 'dueDate', render: (day: string) => formatDay(day) },
          { title: t('restructure.col.principal'), dataIndex: 'principal', render: formatVnd, align: 'right' },
          { title: t('restructure.col.interest'), dataIndex: 'interest', render: formatVnd, align: 'right' },
          { title: t('restructure.col.fees'), render: (_: unknown, row: Plan['instalments'][number]) => formatVnd(row.fee + row.overdueFee), align: 'right' },
          { title: t('restructure.col.total'), dataIndex: 'total', render: formatVnd, align: 'right' },
        ]}
      />
    </div>
  );
}
