import { adminEndpoints, type ProposalView } from '@sen/contract';
import { Alert, Button, Descriptions, Form, Image, Input, InputNumber, Modal, Radio, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatDateTime, formatNumber, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { ProposedNotice, useStateTab } from './proposed-queue.tsx';
import { useReceipts, useReviewReceipt, type ReceiptState } from './operation-queries.ts';

type Receipt = NonNullable<ReturnType<typeof useReceipts>['data']>[number];

const STATES: readonly ReceiptState[] = ['pending', 'approved', 'rejected', 'all'];
const STATE_TONES: Record<Receipt['state'], Tone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

/** The contract's rules for the two reviews (the amount of a match, the note of a rejection). */
const [matchSchema, rejectSchema] = adminEndpoints.receiptReview.request.options;

/**
 * Transfer receipts borrowers uploaded (decision 076): a reviewer compares the picture with the
 * bank statement and proposes the match with the amount received — money moves only when another
 * operator approves the proposal (four eyes) — or rejects the receipt with a note (no money moves).
 */
export default function ReceiptsPage() {
  const { t } = useT();
  const [state, setState] = useStateTab(STATES, 'pending');
  const receipts = useReceipts(state);
  const [reviewing, setReviewing] = useState<Receipt | null>(null);
  const [proposed, setProposed] = useState<ProposalView | null>(null);

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('receipts.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('receipts.intro')}</Typography.Paragraph>
      </header>
      {proposed && <ProposedNotice proposal={proposed} title={t('receipts.proposed', { id: proposed.id })} onClose={() => setProposed(null)} />}
      <Tabs activeKey={state} onChange={setState} items={STATES.map((key) => ({ key, label: t(`receipts.state.${key}`) }))} />
      <QueryState query={receipts} isEmpty={(list) => list.length === 0} emptyText={t(`receipts.empty.${state}`)}>
        {(list) => (
          <Table<Receipt>
            rowKey="id"
            dataSource={list}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            columns={[
              { title: '#', dataIndex: 'id', width: 64 },
              {
                title: t('receipts.picture'),
                dataIndex: 'pictureUrl',
                width: 96,
                render: (url: string, row) => (url ? <Image src={url} width={64} height={64} alt={t('receipts.pictureOf', { id: row.id })} className="receipt-thumb" /> : '—'),
              },
              { title: t('receipts.orderNo'), dataIndex: 'orderNo', render: (orderNo: string) => <code>{orderNo}</code> },
              { title: t('receipts.uploadedAt'), dataIndex: 'createdAt', render: formatDateTime },
              { title: t('receipts.outstanding'), dataIndex: 'outstandingAmount', align: 'right', render: formatVnd },
              { title: t('receipts.amount'), dataIndex: 'amount', align: 'right', render: (amount: number | null) => (amount === null ? '—' : formatVnd(amount)) },
              { title: t('receipts.stateLabel'), dataIndex: 'state', render: (value: Receipt['state']) => <StatusTag tone={STATE_TONES[value]}>{t(`receipts.state.${value}`)}</StatusTag> },
              {
                title: t('receipts.review'),
                render: (_: unknown, row) =>
                  row.state === 'pending' ? (
                    <Button onClick={() => setReviewing(row)} aria-label={t('receipts.reviewNumber', { id: row.id })}>
                      {t('receipts.reviewAction')}
                    </Button>
                  ) : (
                    <span>
                      {formatDateTime(row.reviewedAt)}
                      {row.reviewNote && (
                        <>
                          <br />
                          <Typography.Text type="secondary">{row.reviewNote}</Typography.Text>
                        </>
                      )}
                    </span>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <ReviewReceiptDialog
        receipt={reviewing}
        onClose={() => setReviewing(null)}
        onProposed={(proposal) => {
          setReviewing(null);
          setProposed(proposal);
        }}
      />
    </div>
  );
}

interface ReviewValues {
  action: 'match' | 'reject';
  amount?: number | null;
  note?: string;
}

function ReviewReceiptDialog({ receipt, onClose, onProposed }: { receipt: Receipt | null; onClose: () => void; onProposed: (proposal: ProposalView) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<ReviewValues>();
  const action = Form.useWatch('action', form) ?? 'match';
  const review = useReviewReceipt();
  const [error, setError] = useState<string | null>(null);
  // The dialog stays mounted between receipts: a refusal shown for one must not greet the next.
  const close = () => {
    setError(null);
    onClose();
  };

  const finish = (values: ReviewValues) => {
    if (!receipt) return;
    setError(null);
    const note = values.note?.trim() ?? '';
    const input =
      values.action === 'match'
        ? { approve: true as const, id: receipt.id, amount: Number(values.amount), ...(note ? { note } : {}) }
        : { approve: false as const, id: receipt.id, note };
    review.mutate(input, {
      onSuccess: (answer) => {
        setError(null);
        if (answer.proposal) onProposed(answer.proposal);
        else close();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Modal
      open={receipt !== null}
      title={receipt ? t('receipts.reviewTitle', { id: receipt.id }) : ''}
      okText={action === 'match' ? t('receipts.proposeMatch') : t('receipts.reject')}
      okButtonProps={{ danger: action === 'reject', loading: review.isPending }}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      width={720}
      destroyOnHidden
    >
      {receipt && (
        <div className="receipt-review">
          <Image src={receipt.pictureUrl} alt={t('receipts.pictureOf', { id: receipt.id })} className="receipt-review__picture" />
          <div>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('receipts.orderNo')}>
                <code>{receipt.orderNo}</code>
              </Descriptions.Item>
              <Descriptions.Item label={t('receipts.uploadedAt')}>{formatDateTime(receipt.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('receipts.outstanding')}>{formatVnd(receipt.outstandingAmount)}</Descriptions.Item>
            </Descriptions>
            <Form<ReviewValues> form={form} layout="vertical" preserve={false} initialValues={{ action: 'match' }} onFinish={finish} className="stacked-card">
              <Form.Item name="action" label={t('receipts.decision')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'match', label: t('receipts.match') },
                    { value: 'reject', label: t('receipts.reject') },
                  ]}
                />
              </Form.Item>
              {action === 'match' && (
                <Form.Item name="amount" label={t('receipts.amountReceived')} rules={[zodRule(matchSchema.shape.amount)]} validateTrigger="onSubmit" extra={t('receipts.fourEyes')}>
                  <InputNumber<number>
                    style={{ width: 240 }}
                    min={1}
                    suffix="₫"
                    formatter={(value) => (String(value ?? '') === '' ? '' : formatNumber(Number(value)))}
                    parser={(text) => {
                      const digits = (text ?? '').replace(/\D/g, '');
                      return digits === '' ? (null as unknown as number) : Number(digits);
                    }}
                  />
                </Form.Item>
              )}
              <Form.Item
                name="note"
                label={action === 'match' ? t('receipts.noteOptional') : t('receipts.rejectNote')}
                rules={action === 'reject' ? [zodRule(rejectSchema.shape.note)] : []}
                validateTrigger="onSubmit"
              >
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </Form>
            {error && <Alert type="error" showIcon title={error} />}
          </div>
        </div>
      )}
    </Modal>
  );
}
