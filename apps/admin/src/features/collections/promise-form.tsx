import { adminEndpoints, PROMISE_MAX_DAYS, type CollectionCaseDetail } from '@sen/contract';
import { Alert, App, Button, DatePicker, Form, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatNumber, formatVnd } from '../../shared/format/format.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useRecordPromise } from './collection-queries.ts';

interface PromiseValues {
  amount: number;
  promisedDate: Dayjs;
}

/**
 * Record a promise to pay: an amount by a date (today to 30 days ahead); kept or broken is decided by
 * the payments, not here. One open promise per case (decision 126): while one is open the form gives
 * way to it, and comes back once it is kept or broken.
 */
export function PromiseForm({ page }: { page: CollectionCaseDetail }) {
  const open = page.promises.find((promise) => promise.status === 'open');
  return open ? <OpenPromise promise={open} /> : <NewPromise page={page} />;
}

function OpenPromise({ promise }: { promise: CollectionCaseDetail['promises'][number] }) {
  const { t } = useT();
  return (
    <Alert
      className="form-alert"
      type="info"
      showIcon
      data-testid="promise-open"
      title={t('collections.promises.openStands', { amount: formatVnd(promise.amount), date: promise.promisedDate, paid: formatVnd(promise.paid) })}
    />
  );
}

function NewPromise({ page }: { page: CollectionCaseDetail }) {
  const { t } = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PromiseValues>();
  const record = useRecordPromise();
  const [error, setError] = useState<string | null>(null);
  const today = dayjs(page.today);
  return (
    <Form<PromiseValues>
      form={form}
      layout="vertical"
      initialValues={{ promisedDate: today }}
      onFinish={(values) => {
        setError(null);
        record.mutate(
          { caseId: page.case.id, amount: values.amount, promisedDate: values.promisedDate.format('YYYY-MM-DD') },
          {
            onSuccess: () => {
              void message.success(t('collections.promises.recorded'));
              form.resetFields(['amount']);
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <Space align="start" wrap>
        <Form.Item name="amount" label={t('collections.promises.amount')} rules={[zodRule(adminEndpoints.collectionPromise.request.shape.amount)]} validateTrigger="onSubmit">
          <InputNumber<number> min={1} step={100_000} style={{ width: 180 }} suffix="₫" formatter={(value) => (value === undefined || String(value) === '' ? '' : formatNumber(Number(value)))} parser={(text) => Number((text ?? '').replace(/\D/g, ''))} />
        </Form.Item>
        <Form.Item name="promisedDate" label={t('collections.promises.date')} rules={[{ required: true, message: t('collections.promises.dateRequired') }]}>
          <DatePicker format="YYYY-MM-DD" allowClear={false} disabledDate={(day) => day.isBefore(today, 'day') || day.isAfter(today.add(PROMISE_MAX_DAYS, 'day'), 'day')} />
        </Form.Item>
      </Space>
      {error && <Alert className="form-alert" type="error" showIcon title={error} />}
      <Button htmlType="submit" loading={record.isPending}>
        {t('collections.promises.submit')}
      </Button>
    </Form>
  );
}
