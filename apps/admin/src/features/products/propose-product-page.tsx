import { adminEndpoints, ERRORS, productInputSchema, reasonSchema } from '@sen/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, pendingProposalPath } from '../../app/paths.ts';
import { placeServerError } from '../../shared/forms/server-field-errors.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatNumber, formatPpm } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { proposalKeys } from '../proposals/index.ts';
import { fieldOfProductError, newProductValues, productOfValues, valuesOfProduct, type ProductFormValues } from './product-form-values.ts';
import { useProducts } from './product-queries.ts';

const shape = productInputSchema.shape;
const rule = (field: keyof typeof shape) => [zodRule(shape[field])];
const fieldOfError = fieldOfProductError(ERRORS.RATE_OVER_CAP.code, ERRORS.PRODUCT_INVALID.code);
/** VND amounts read with the language's thousands separators; typed in with or without them. */
const groupDigits = (value: number | string | undefined) => (value === undefined || value === '' ? '' : formatNumber(Number(value)));
const digitsOnly = (text: string | undefined): number | string => {
  const digits = (text ?? '').replace(/\D/g, '');
  return digits === '' ? '' : Number(digits);
};

/**
 * Propose a new product or a change (`?code=` of the product to change): the contract's product
 * rules at each field, the server's refusals (legal cap, inconsistent values) at theirs. Nothing
 * changes until another operator approves the proposal.
 */
export default function ProposeProductPage() {
  const { t } = useT();
  const [search] = useSearchParams();
  const code = search.get('code');
  const products = useProducts();
  return (
    <div className="page">
      <header className="page__header">
        <Link to={paths.products}>← {t('products.back')}</Link>
        <Typography.Title level={1}>{code ? t('products.proposeTitle', { code }) : t('products.newTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('products.proposeIntro')}</Typography.Paragraph>
      </header>
      <QueryState query={products}>
        {(data) => {
          const current = code ? data.products.find((product) => product.code === code) : undefined;
          if (code && !current) return <Alert type="warning" showIcon title={t('products.notFound', { code })} />;
          return <ProductForm initial={current ? valuesOfProduct(current) : newProductValues()} changing={Boolean(current)} />;
        }}
      </QueryState>
    </div>
  );
}

function ProductForm({ initial, changing }: { initial: Partial<ProductFormValues>; changing: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<ProductFormValues>();
  const [error, setError] = useState<string | null>(null);
  const propose = useMutation({
    mutationFn: (values: ProductFormValues) =>
      callAdmin(adminEndpoints.productPropose, { product: productOfValues(values), ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}) }),
    onMutate: () => setError(null),
    onSuccess: async ({ proposal }) => {
      await client.invalidateQueries({ queryKey: proposalKeys.all });
      void navigate(pendingProposalPath(proposal.id));
    },
    onError: (failure) => {
      if (!placeServerError(form, failure, fieldOfError)) setError(errorMessage(failure));
    },
  });
  const ppmHelp = (field: 'dailyRatePpm' | 'serviceFeePpm' | 'overdueDailyRatePpm') => (
    <Form.Item noStyle shouldUpdate={(before, after) => before[field] !== after[field]}>
      {({ getFieldValue }) => {
        const value = getFieldValue(field) as number | undefined;
        return <span>{t(`products.help.${field}`, { percent: typeof value === 'number' ? formatPpm(value) : '—' })}</span>;
      }}
    </Form.Item>
  );
  return (
    <Form<ProductFormValues> form={form} layout="vertical" initialValues={initial} onFinish={(values) => propose.mutate(values)} scrollToFirstError>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Card title={<h2 className="card-title">{t('products.section.identity')}</h2>}>
            <Form.Item name="code" label={t('products.code')} rules={rule('code')} extra={t('products.help.code')}>
              <Input disabled={changing} />
            </Form.Item>
            <Form.Item name="name" label={t('products.name')} rules={rule('name')}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name="imageUrl" label={t('products.imageUrl')} rules={rule('imageUrl')}>
              <Input />
            </Form.Item>
            <Form.Item name="tags" label={t('products.tags')} rules={rule('tags')}>
              <Select mode="tags" open={false} suffixIcon={null} aria-label={t('products.tags')} />
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="sortOrder" label={t('products.sortOrder')} rules={rule('sortOrder')}>
                  <InputNumber min={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="dailyQuota" label={t('products.dailyQuota')} rules={rule('dailyQuota')} extra={t('products.help.dailyQuota')}>
                  <InputNumber min={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
            <Space size="large" wrap>
              <Form.Item name="active" label={t('products.active')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="newSign" label={t('products.newSign')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="signatureRequired" label={t('products.signatureRequired')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item name="signingCode" label={t('products.signingCode')} rules={rule('signingCode')} extra={t('products.help.signingCode')}>
              <Select
                options={[
                  { value: 'required', label: t('products.signingCode.required') },
                  { value: 'optional', label: t('products.signingCode.optional') },
                ]}
              />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={<h2 className="card-title">{t('products.section.money')}</h2>}>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="minAmount" label={t('products.minAmount')} rules={rule('minAmount')}>
                  <InputNumber min={1} step={100_000} suffix="₫" style={{ width: '100%' }} formatter={groupDigits} parser={digitsOnly} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="maxAmount" label={t('products.maxAmount')} rules={rule('maxAmount')}>
                  <InputNumber min={1} step={100_000} suffix="₫" style={{ width: '100%' }} formatter={groupDigits} parser={digitsOnly} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="termDays" label={t('products.termDays')} rules={rule('termDays')}>
                  <InputNumber min={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="planNums" label={t('products.planNums')} rules={rule('planNums')}>
                  <Select mode="multiple" options={Array.from({ length: 12 }, (_, index) => ({ value: index + 1, label: String(index + 1) }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="dailyRatePpm" label={t('products.dailyRatePpm')} rules={rule('dailyRatePpm')} extra={ppmHelp('dailyRatePpm')}>
                  <InputNumber min={0} suffix="ppm" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="overdueDailyRatePpm" label={t('products.overdueDailyRatePpm')} rules={rule('overdueDailyRatePpm')} extra={ppmHelp('overdueDailyRatePpm')}>
                  <InputNumber min={0} suffix="ppm" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="serviceFeePpm" label={t('products.serviceFeePpm')} rules={rule('serviceFeePpm')} extra={ppmHelp('serviceFeePpm')}>
                  <InputNumber min={0} suffix="ppm" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="feeTiming" label={t('products.feeTiming')} rules={rule('feeTiming')}>
                  <Select
                    options={[
                      { value: 'deducted', label: t('products.feeTiming.deducted') },
                      { value: 'instalments', label: t('products.feeTiming.instalments') },
                    ]}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title={<h2 className="card-title">{t('products.section.availability')}</h2>} className="stacked-card">
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="activeFrom" label={t('products.activeFrom')}>
                  <DatePicker showTime showNow={false} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="activeTo" label={t('products.activeTo')}>
                  <DatePicker showTime showNow={false} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="showConditionTypeSign" label={t('products.showConditionTypeSign')} rules={rule('showConditionTypeSign')}>
                  <Select
                    allowClear
                    options={[
                      { value: '0', label: t('products.condition.0') },
                      { value: '1', label: t('products.condition.1') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="jumpType" label={t('products.jumpType')} rules={rule('jumpType')}>
                  <Select
                    options={[
                      { value: 0, label: t('products.jumpType.0') },
                      { value: 1, label: t('products.jumpType.1') },
                      { value: 2, label: t('products.jumpType.2') },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="downloadUrl" label={t('products.downloadUrl')} rules={[zodRule(shape.downloadUrl, { optional: true })]}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        </Col>
      </Row>
      <Card className="stacked-card">
        <Form.Item name="reason" label={t('products.reason')} rules={[zodRule(reasonSchema, { optional: true })]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} className="form-alert" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={propose.isPending}>
            {t('products.submitProposal')}
          </Button>
          <Link to={paths.products}>{t('common.cancel')}</Link>
        </Space>
      </Card>
    </Form>
  );
}
