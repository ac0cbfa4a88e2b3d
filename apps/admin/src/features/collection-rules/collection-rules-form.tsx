import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { collectionBucketRuleSchema, collectionDunningRuleSchema, collectionTemplateRuleSchema, type CollectionRules } from '@sen/contract';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pendingProposalPath } from '../../app/paths.ts';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage, isAdminRequestError } from '../../shared/request/admin-request-error.ts';
import { useProposeCollectionRules } from './collection-rules-queries.ts';

type Values = CollectionRules & { reason: string };

const bucket = collectionBucketRuleSchema.shape;
const template = collectionTemplateRuleSchema.shape;
const step = collectionDunningRuleSchema.shape;

/** The problems the server named (COLLECTION_RULES_INVALID's data.problems), or none. */
function problemsOf(failure: unknown): string[] {
  if (!isAdminRequestError(failure)) return [];
  const data = failure.data as { problems?: unknown } | null;
  return Array.isArray(data?.problems) ? data.problems.filter((problem): problem is string => typeof problem === 'string') : [];
}

/**
 * The whole set, starting from the rules in force, proposed as one change (four eyes). The server
 * checks it by the contact governor's rules (buckets without gaps or overlaps, no link in an SMS,
 * steps that name an approved template) and names every problem; they are listed above the button.
 */
export function CollectionRulesForm({ current, onCancel }: { current: CollectionRules; onCancel: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<{ message: string; problems: string[] } | null>(null);
  const propose = useProposeCollectionRules();
  const templateCodes = Form.useWatch('templates', form) as Values['templates'] | undefined;
  const submit = (values: Values) => {
    setFailure(null);
    const rules: CollectionRules = {
      buckets: values.buckets.map((row) => ({ code: row.code.trim(), minDays: row.minDays, maxDays: row.maxDays ?? null })),
      templates: (values.templates ?? []).map((row) => ({ ...row, code: row.code.trim(), approved: Boolean(row.approved) })),
      rules: (values.rules ?? []).map((row) => ({ ...row, active: Boolean(row.active) })),
    };
    propose.mutate(
      { rules, reason: values.reason },
      {
        onSuccess: ({ proposal }) => void navigate(pendingProposalPath(proposal.id)),
        onError: (error) => setFailure({ message: errorMessage(error), problems: problemsOf(error) }),
      },
    );
  };
  const codeOptions = (templateCodes ?? current.templates).filter((row) => row?.code).map((row) => ({ value: row.code, label: row.code }));
  return (
    <Form<Values> className="stack" form={form} layout="vertical" initialValues={{ ...current, reason: '' }} onFinish={submit} aria-label={t('collectionRules.proposeTitle')}>
      <Typography.Paragraph type="secondary">{t('collectionRules.proposeIntro')}</Typography.Paragraph>
      <Card title={<h2 className="card-title">{t('collectionRules.buckets')}</h2>}>
        <Form.List name="buckets">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap className="form-list__row">
                  <Form.Item name={[field.name, 'code']} label={t('collectionRules.bucketNumber', { n: index + 1 })} rules={[zodRule(bucket.code)]}>
                    <Input style={{ width: 120 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'minDays']} label={t('collectionRules.firstDay')} rules={[zodRule(bucket.minDays)]}>
                    <InputNumber<number> min={1} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'maxDays']} label={t('collectionRules.lastDay')} rules={[zodRule(bucket.maxDays, { optional: true })]} extra={t('collectionRules.lastDayHelp')}>
                    <InputNumber<number> min={1} style={{ width: 110 }} />
                  </Form.Item>
                  <Button aria-label={t('collectionRules.removeBucket', { n: index + 1 })} icon={<DeleteOutlined />} onClick={() => remove(field.name)} className="form-list__remove" />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ code: '', minDays: null, maxDays: null })}>
                {t('collectionRules.addBucket')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title={<h2 className="card-title">{t('collectionRules.steps')}</h2>}>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap className="form-list__row">
                  <Form.Item name={[field.name, 'dayPastDue']} label={t('collectionRules.stepDay', { n: index + 1 })} rules={[zodRule(step.dayPastDue)]}>
                    <InputNumber<number> min={1} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'template']} label={t('collectionRules.stepTemplate', { n: index + 1 })} rules={[zodRule(step.template)]}>
                    <Select options={codeOptions} style={{ width: 240 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'active']} label={t('collectionRules.active')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                  <Button aria-label={t('collectionRules.removeStep', { n: index + 1 })} icon={<DeleteOutlined />} onClick={() => remove(field.name)} className="form-list__remove" />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ dayPastDue: null, template: undefined, active: true })}>
                {t('collectionRules.addStep')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title={<h2 className="card-title">{t('collectionRules.templates')}</h2>}>
        <Form.List name="templates">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="form-list__group">
                  <Space align="start" wrap>
                    <Form.Item name={[field.name, 'code']} label={t('collectionRules.templateNumber', { n: index + 1 })} rules={[zodRule(template.code)]}>
                      <Input style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'channel']} label={t('collectionRules.channel')} rules={[zodRule(template.channel)]}>
                      <Select style={{ width: 160 }} options={(['sms', 'message'] as const).map((channel) => ({ value: channel, label: t(`collectionRules.channel.${channel}`) }))} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'approved']} label={t('collectionRules.approved')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Button aria-label={t('collectionRules.removeTemplate', { n: index + 1 })} icon={<DeleteOutlined />} onClick={() => remove(field.name)} className="form-list__remove" />
                  </Space>
                  <Form.Item name={[field.name, 'bodyVn']} label={t('collectionRules.bodyVnOf', { n: index + 1 })} rules={[zodRule(template.bodyVn)]}>
                    <Input.TextArea rows={2} maxLength={480} showCount />
                  </Form.Item>
                  <Form.Item name={[field.name, 'bodyEn']} label={t('collectionRules.bodyEnOf', { n: index + 1 })} rules={[zodRule(template.bodyEn)]}>
                    <Input.TextArea rows={2} maxLength={480} showCount />
                  </Form.Item>
                </div>
              ))}
              <Typography.Paragraph type="secondary">{t('collectionRules.templatesHelp')}</Typography.Paragraph>
              <Button icon={<PlusOutlined />} onClick={() => add({ code: '', channel: 'sms', bodyVn: '', bodyEn: '', approved: true })}>
                {t('collectionRules.addTemplate')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card>
        <Form.Item name="reason" label={t('collectionRules.reason')} rules={[reasonRule()]} validateTrigger="onSubmit">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {failure && (
          <Alert
            type="error"
            showIcon
            className="form-alert"
            title={failure.problems.length > 1 ? t('collectionRules.problems', { count: failure.problems.length }) : failure.message}
            description={
              failure.problems.length > 1 ? (
                <ul>
                  {failure.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={propose.isPending}>
            {t('collectionRules.propose')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Space>
      </Card>
    </Form>
  );
}
