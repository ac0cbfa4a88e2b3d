import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { can } from '../../shared/auth/permissions.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { useOperator } from '../auth/operator-query.ts';
import { useOperatorList } from '../operators/index.ts';
import type { AuditFilters } from './audit-filters.ts';

/** What the audit trail records actions on (the target types the server writes). */
const TARGET_TYPES = ['operator', 'proposal', 'product', 'borrower', 'receipt', 'session', 'audit'] as const;

interface FormValues {
  actor?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The audit filters: who, what (an action or a prefix such as `operator.`), on what, between which days. */
export function AuditFilterForm({ value, onChange }: { value: AuditFilters; onChange: (filters: AuditFilters) => void }) {
  const { t } = useT();
  const me = useOperator();
  const operators = useOperatorList(can(me, 'operators.manage'));
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = {
    actor: value.actor === undefined ? undefined : Number(value.actor),
    action: value.action,
    targetType: value.targetType,
    targetId: value.targetId,
    range: value.from || value.to ? [value.from ? dayjs(String(value.from)) : null, value.to ? dayjs(String(value.to)) : null] : null,
  };
  const apply = (values: FormValues) =>
    onChange({
      actor: values.actor,
      action: values.action,
      targetType: values.targetType,
      targetId: values.targetId,
      from: values.range?.[0]?.format('YYYY-MM-DD'),
      to: values.range?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form form={form} layout="inline" initialValues={initial} onFinish={apply} className="filter-form" aria-label={t('audit.filters')}>
      <Form.Item name="actor" label={t('audit.actor')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          loading={operators.isPending && operators.fetchStatus !== 'idle'}
          options={(operators.data?.items ?? []).map((operator) => ({ value: operator.id, label: operator.name || operator.email }))}
        />
      </Form.Item>
      <Form.Item name="action" label={t('audit.action')}>
        <Input placeholder="operator." style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="targetType" label={t('audit.targetType')}>
        <Select allowClear style={{ width: 150 }} options={TARGET_TYPES.map((type) => ({ value: type, label: type }))} />
      </Form.Item>
      <Form.Item name="targetId" label={t('audit.targetId')}>
        <Input style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="range" label={t('audit.dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('audit.apply')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({ actor: undefined, action: undefined, targetType: undefined, targetId: undefined, range: null });
            onChange({});
          }}
        >
          {t('audit.clear')}
        </Button>
      </Space>
    </Form>
  );
}
