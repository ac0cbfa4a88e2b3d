import { adminEndpoints, ERRORS, type ReviewCase } from '@sen/contract';
import { Alert, App, Button, Form, Input, InputNumber, Radio, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { issueText } from '../../shared/forms/zod-rule.ts';
import { formatNumber, formatVnd } from '../../shared/format/format.ts';
import { translate, useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useDecideReview, type DecideReviewInput } from './review-queries.ts';

export type Decision = DecideReviewInput['decision'];

interface FormValues {
  decision: Decision;
  limit?: number | null;
  reason: string;
}

/** The contract's rule for an approval's limit (whole VND, positive); the policy's maximum and step are the server's. */
const limitSchema = adminEndpoints.reviewDecide.request.options[0].shape.limit.unwrap();

/**
 * The limit's rule: the contract's schema, with its bounds said in words (the schema's one message
 * for every issue is 'Please input', which reads wrong for 0 or 20 billion).
 */
export function limitRule(): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'number' && value <= 0) throw new Error(translate('reviews.limitPositive'));
      const max = limitSchema.maxValue;
      if (typeof value === 'number' && max !== null && value > max) throw new Error(translate('validation.atMost', { limit: formatVnd(max) }));
      const result = limitSchema.safeParse(value);
      const [issue] = result.success ? [] : result.error.issues;
      if (issue) throw new Error(issueText(issue, value));
    },
  };
}

/** What the form sends: the limit only with an approval, the reason trimmed. */
export function decideInput(reviewId: number, values: FormValues): DecideReviewInput {
  const reason = values.reason.trim();
  if (values.decision === 'approve') return { reviewId, decision: 'approve', limit: Number(values.limit), reason };
  return { reviewId, decision: values.decision, reason };
}

/** Whole VND with the language's thousands separators while typing; anything but digits is dropped when read. */
const groupDigits = (value: number | string | undefined) => (value === undefined || value === '' ? '' : formatNumber(Number(value)));
function readDigits(text: string | undefined): number {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? (null as unknown as number) : Number(digits);
}

/**
 * A reviewer's decision on an open case: approve with a limit (the suggested one to start with),
 * reject with a reason, or ask the borrower a question (sent as an in-app message; the case stays
 * open). Approving and rejecting are final, so they are confirmed first. A limit above the suggested
 * one is only proposed: another operator approves it on the proposals page (decision 110). The
 * operator who opened an appeal may only ask. The contract's rules check the fields before the
 * call; the server's refusal of a limit (above the policy's maximum, off its step) is shown at the limit.
 */
/** Whether an approval with this limit is only proposed (above the suggested limit: four eyes, decision 110). */
export const needsSecondOperator = (review: ReviewCase, values: Pick<FormValues, 'decision' | 'limit'>) =>
  values.decision === 'approve' && typeof values.limit === 'number' && values.limit > review.suggestedLimit;

export function DecideForm({ review, ownAppeal = false, onDecided }: { review: ReviewCase; ownAppeal?: boolean; onDecided?: (decision: Decision, proposed: boolean) => void }) {
  const { t } = useT();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const first: Decision = ownAppeal ? 'ask' : 'approve';
  const decision = Form.useWatch('decision', form) ?? first;
  const limit = Form.useWatch('limit', form) ?? review.suggestedLimit;
  const aboveSuggested = needsSecondOperator(review, { decision, limit });
  const decide = useDecideReview();
  const [error, setError] = useState<string | null>(null);

  const send = (values: FormValues) =>
    decide
      .mutateAsync(decideInput(review.id, values))
      .then((answer) => {
        void message.success(answer.proposal ? t('reviews.done.proposed') : t(`reviews.done.${values.decision}`));
        form.resetFields(['reason']);
        onDecided?.(values.decision, answer.proposal !== null);
      })
      .catch((failure: unknown) => {
        if (!placeServerError(form, failure, (code) => (code === ERRORS.REVIEW_LIMIT_INVALID.code ? 'limit' : null))) setError(errorMessage(failure));
      });

  const submit = (values: FormValues) => {
    setError(null);
    if (values.decision === 'ask') return void send(values);
    if (needsSecondOperator(review, values)) {
      modal.confirm({
        title: t('reviews.confirm.propose.title'),
        content: t('reviews.confirm.propose.body', { limit: formatVnd(Number(values.limit)), suggested: formatVnd(review.suggestedLimit) }),
        okText: t('reviews.submit.propose'),
        cancelText: t('common.cancel'),
        onOk: () => send(values),
      });
      return;
    }
    modal.confirm({
      title: t(`reviews.confirm.${values.decision}.title`),
      content: values.decision === 'approve' ? t('reviews.confirm.approve.body', { limit: formatVnd(Number(values.limit)) }) : t('reviews.confirm.reject.body'),
      okText: t(`reviews.submit.${values.decision}`),
      okButtonProps: { danger: values.decision === 'reject' },
      cancelText: t('common.cancel'),
      onOk: () => send(values),
    });
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={{ decision: first, limit: review.suggestedLimit, reason: '' }}
      onFinish={submit}
      aria-label={t('reviews.decideTitle')}
      className="decide-form"
    >
      {ownAppeal && <Alert type="info" showIcon title={t('reviews.ownAppeal')} className="form-alert" />}
      <Form.Item name="decision" label={t('reviews.decision')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          onChange={() => setError(null)}
          // The operator who opened an appeal may ask the borrower, not decide (decision 110).
          options={(['approve', 'reject', 'ask'] as const).map((value) => ({ value, label: t(`reviews.decision.${value}`), disabled: ownAppeal && value !== 'ask' }))}
        />
      </Form.Item>
      {decision === 'approve' && (
        <Form.Item
          name="limit"
          label={t('reviews.limit')}
          extra={
            aboveSuggested
              ? `${t('reviews.limitHint', { suggested: formatVnd(review.suggestedLimit) })}. ${t('reviews.limitAboveSuggested')}`
              : t('reviews.limitHint', { suggested: formatVnd(review.suggestedLimit) })
          }
          rules={[limitRule()]}
          validateTrigger="onSubmit"
        >
          <InputNumber<number> style={{ width: 240 }} min={0} step={100_000} suffix="₫" formatter={groupDigits} parser={readDigits} />
        </Form.Item>
      )}
      <Form.Item name="reason" label={t(`reviews.reason.${decision}`)} rules={[reasonRule()]} validateTrigger="onSubmit">
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      {decision === 'ask' && <Typography.Paragraph type="secondary">{t('reviews.askNote')}</Typography.Paragraph>}
      {error && <Alert type="error" showIcon title={error} className="form-alert" />}
      <Button type="primary" danger={decision === 'reject'} htmlType="submit" loading={decide.isPending}>
        {aboveSuggested ? t('reviews.submit.propose') : t(`reviews.submit.${decision}`)}
      </Button>
    </Form>
  );
}
