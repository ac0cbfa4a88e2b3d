import { CALL_OUTCOMES, collectionContactRequestSchema, type CollectionCaseDetail, type ContactChannel, type ContactRefusal } from '@sen/contract';
import { Alert, App, Button, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useLogContact } from './collection-queries.ts';

interface ContactValues {
  channel: ContactChannel;
  target?: string;
  outcome?: (typeof CALL_OUTCOMES)[number];
  template?: string;
  note?: string;
}

const CHANNELS: ContactChannel[] = ['call', 'sms', 'message', 'note'];

/**
 * Log a call, send an SMS or in-app message, or write a note. The server's contact governor decides:
 * a refused contact is shown here with its rule (and kept in the log); nothing was sent.
 */
export function ContactForm({ page }: { page: CollectionCaseDetail }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ContactValues>();
  const channel = Form.useWatch('channel', form) ?? 'call';
  const log = useLogContact();
  const [refusal, setRefusal] = useState<ContactRefusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const templates = page.templates.filter((template) => template.approved && template.channel === channel);
  const shape = collectionContactRequestSchema.shape;

  return (
    <Form<ContactValues>
      form={form}
      layout="vertical"
      initialValues={{ channel: 'call', target: 'borrower' }}
      className="contact-form"
      onValuesChange={() => {
        setRefusal(null);
        setError(null);
      }}
      onFinish={(values) => {
        setRefusal(null);
        setError(null);
        log.mutate(
          {
            caseId: page.case.id,
            channel: values.channel,
            ...(values.channel === 'call' || values.channel === 'sms' ? { target: values.target ?? 'borrower' } : {}),
            ...(values.channel === 'call' && values.outcome ? { outcome: values.outcome } : {}),
            ...((values.channel === 'sms' || values.channel === 'message') && values.template ? { template: values.template } : {}),
            ...(values.note?.trim() ? { note: values.note.trim() } : {}),
          },
          {
            onSuccess: (answer) => {
              if (answer.refusal) setRefusal(answer.refusal);
              else {
                void message.success(t(`collections.contacts.logged.${values.channel}`));
                form.resetFields(['outcome', 'template', 'note']);
              }
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <Form.Item name="channel" label={t('collections.contacts.channel')}>
        <Radio.Group optionType="button" buttonStyle="solid" options={CHANNELS.map((value) => ({ value, label: t(`collections.channel.${value}`) }))} />
      </Form.Item>
      {(channel === 'call' || channel === 'sms') && (
        <Form.Item name="target" label={t('collections.contacts.target')} extra={t('collections.contacts.targetHelp')}>
          <Select
            options={page.targets.map((target) => ({
              value: target.key,
              label: `${target.kind === 'borrower' ? t('collections.target.borrower') : t('collections.target.emergency', { slot: target.key.slice(-1) })}${target.name ? ` · ${target.name}` : ''} · ${target.phoneMasked ?? '—'}`,
            }))}
          />
        </Form.Item>
      )}
      {channel === 'call' && (
        <Form.Item name="outcome" label={t('collections.contacts.outcome')} rules={[zodRule(shape.outcome.unwrap())]} validateTrigger="onSubmit">
          <Select placeholder={t('collections.contacts.choose')} options={CALL_OUTCOMES.map((value) => ({ value, label: t(`collections.outcome.${value}`) }))} />
        </Form.Item>
      )}
      {(channel === 'sms' || channel === 'message') && (
        <Form.Item name="template" label={t('collections.contacts.template')} rules={[{ required: true, message: t('collections.contacts.templateRequired') }]} validateTrigger="onSubmit">
          <Select
            placeholder={t('collections.contacts.choose')}
            options={templates.map((template) => ({ value: template.code, label: template.code, title: template.body }))}
            optionRender={(option) => (
              <div>
                <div>{option.data.label}</div>
                <div className="option-hint">{option.data.title}</div>
              </div>
            )}
          />
        </Form.Item>
      )}
      <Form.Item name="note" label={t(channel === 'note' ? 'collections.contacts.noteText' : 'collections.contacts.noteOptional')} rules={channel === 'note' ? [{ required: true, whitespace: true, message: t('collections.contacts.noteRequired') }] : []} validateTrigger="onSubmit">
        <Input.TextArea rows={2} maxLength={1000} />
      </Form.Item>
      {refusal && <RefusalAlert refusal={refusal} />}
      {error && <Alert className="form-alert" type="error" showIcon title={error} />}
      <Button type="primary" htmlType="submit" loading={log.isPending}>
        {t(`collections.contacts.submit.${channel}`)}
      </Button>
    </Form>
  );
}

/** A refusal shown where the contact was attempted: the rule in words and its code. */
export function RefusalAlert({ refusal }: { refusal: ContactRefusal }) {
  const { t } = useT();
  return <Alert className="form-alert" type="error" showIcon role="alert" data-testid="contact-refusal" title={refusal.message} description={t('collections.ruleCode', { rule: refusal.rule })} />;
}
