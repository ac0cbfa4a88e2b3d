import { adminEndpoints, BREACH_NOTIFY_HOURS, type BreachView } from '@sen/contract';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatDateTime, formatNumber } from '../../shared/format/format.ts';
import { instantOfVietnamPicker, vietnamPickerNow } from '../../shared/format/vietnam-picker.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { breachDeadline } from './deadline.ts';
import { DeadlineTag } from './deadline-tag.tsx';
import { useBreaches, useMarkBreachNotified, useRecordBreach } from './privacy-queries.ts';
import { useNow } from './use-now.ts';

/**
 * The pickers take Vietnam time whatever the browser's zone (decision 121): a day after Vietnam's
 * today cannot be a discovery or a notification (the server refuses the future too). Their "Now"
 * button is hidden: it would give the browser's wall clock.
 */
const afterVietnamToday = (day: Dayjs) => day.isAfter(vietnamPickerNow(), 'day');

const recordRules = adminEndpoints.breachRecord.request.shape;
const notifyRules = adminEndpoints.breachNotified.request.shape;

/**
 * The personal-data breach register (decision 116): each breach with the 72-hour clock from its
 * discovery to the notification of the authority (A05, Ministry of Public Security), overdue ones
 * highlighted; record a breach, mark one notified (when, reference). Both audited.
 */
export default function BreachesPage() {
  const { t } = useT();
  const breaches = useBreaches();
  const [recording, setRecording] = useState(false);
  const [notifying, setNotifying] = useState<BreachView | null>(null);
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('breaches.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('breaches.intro', { hours: BREACH_NOTIFY_HOURS })}</Typography.Paragraph>
        <Button type="primary" onClick={() => setRecording(true)}>
          {t('breaches.record')}
        </Button>
      </header>
      <QueryState query={breaches} isEmpty={(list) => list.length === 0} emptyText={t('breaches.empty')}>
        {(list) => <BreachTable list={list} onNotify={setNotifying} />}
      </QueryState>
      <RecordDialog open={recording} onClose={() => setRecording(false)} />
      <NotifiedDialog breach={notifying} onClose={() => setNotifying(null)} />
    </div>
  );
}

export function BreachTable({ list, onNotify }: { list: BreachView[]; onNotify: (breach: BreachView) => void }) {
  const { t } = useT();
  const now = useNow();
  return (
    <Table<BreachView>
      rowKey="id"
      dataSource={list}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      rowClassName={(row) => (breachDeadline(row, now)?.overdue ? 'row--overdue' : '')}
      columns={[
        { title: '#', dataIndex: 'id' },
        { title: t('breaches.discoveredAt'), dataIndex: 'discoveredAt', render: (iso: string) => <span className="nowrap">{formatDateTime(iso)}</span> },
        {
          title: t('breaches.description'),
          // What happened gets the room (it wrapped every few words while the clock's column stood half empty).
          width: '34%',
          render: (_: unknown, row) => (
            <span>
              {row.description}
              <Typography.Paragraph className="cell-note" type="secondary">
                {t('breaches.dataAffected')}: {row.dataAffected}
              </Typography.Paragraph>
            </span>
          ),
        },
        { title: t('breaches.borrowersAffected'), dataIndex: 'borrowersAffected', align: 'right', render: (count: number) => formatNumber(count) },
        { title: t('breaches.notifyBy'), dataIndex: 'notifyBy', render: (iso: string) => <span className="nowrap">{formatDateTime(iso)}</span> },
        {
          title: t('breaches.clock'),
          render: (_: unknown, row) => {
            const deadline = breachDeadline(row, now);
            if (deadline) return <DeadlineTag deadline={deadline} testId={`breach-timer-${row.id}`} />;
            const late = row.notifiedAt !== null && Date.parse(row.notifiedAt) > Date.parse(row.notifyBy);
            return (
              <span>
                <StatusTag tone={late ? 'warning' : 'success'}>{t(late ? 'breaches.notifiedLate' : 'breaches.notified')}</StatusTag>
                <br />
                <Typography.Text type="secondary">
                  {formatDateTime(row.notifiedAt)} · {row.notificationReference} · {row.notifiedBy?.name ?? '—'}
                </Typography.Text>
              </span>
            );
          },
        },
        {
          title: t('common.actions'),
          render: (_: unknown, row) =>
            row.notifiedAt ? null : (
              <Button onClick={() => onNotify(row)} aria-label={t('breaches.markNotifiedNumber', { id: row.id })}>
                {t('breaches.markNotified')}
              </Button>
            ),
        },
      ]}
    />
  );
}

interface RecordValues {
  discoveredAt: Dayjs;
  description: string;
  dataAffected: string;
  borrowersAffected: number;
}

function RecordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<RecordValues>();
  const record = useRecordBreach();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal open={open} title={t('breaches.record')} okText={t('breaches.record')} cancelText={t('common.cancel')} okButtonProps={{ loading: record.isPending }} onCancel={close} onOk={() => form.submit()} destroyOnHidden>
      {open && (
        <Form<RecordValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => {
            setError(null);
            record.mutate(
              { discoveredAt: instantOfVietnamPicker(values.discoveredAt), description: values.description.trim(), dataAffected: values.dataAffected.trim(), borrowersAffected: values.borrowersAffected },
              { onSuccess: close, onError: (failure) => setError(errorMessage(failure)) },
            );
          }}
        >
          <Form.Item name="discoveredAt" label={t('breaches.discoveredAt')} rules={[{ required: true, message: t('breaches.discoveredAtRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" showNow={false} disabledDate={afterVietnamToday} />
          </Form.Item>
          <Form.Item name="description" label={t('breaches.description')} rules={[zodRule(recordRules.description)]} validateTrigger="onSubmit">
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          <Form.Item name="dataAffected" label={t('breaches.dataAffected')} rules={[zodRule(recordRules.dataAffected)]} validateTrigger="onSubmit">
            <Input maxLength={500} />
          </Form.Item>
          <Form.Item name="borrowersAffected" label={t('breaches.borrowersAffected')} rules={[zodRule(recordRules.borrowersAffected)]} validateTrigger="onSubmit">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}

interface NotifiedValues {
  notifiedAt: Dayjs;
  reference: string;
}

function NotifiedDialog({ breach, onClose }: { breach: BreachView | null; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<NotifiedValues>();
  const notify = useMarkBreachNotified();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal
      open={breach !== null}
      title={breach ? t('breaches.markNotifiedTitle', { id: breach.id }) : ''}
      okText={t('breaches.markNotified')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: notify.isPending }}
      onCancel={close}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {breach && (
        <Form<NotifiedValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => {
            setError(null);
            notify.mutate({ id: breach.id, notifiedAt: instantOfVietnamPicker(values.notifiedAt), reference: values.reference.trim() }, { onSuccess: close, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          <Form.Item name="notifiedAt" label={t('breaches.notifiedAt')} rules={[{ required: true, message: t('breaches.discoveredAtRequired') }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" showNow={false} disabledDate={afterVietnamToday} />
          </Form.Item>
          <Form.Item name="reference" label={t('breaches.reference')} rules={[zodRule(notifyRules.reference)]} validateTrigger="onSubmit">
            <Input maxLength={200} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
