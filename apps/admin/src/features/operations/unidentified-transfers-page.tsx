import { adminEndpoints, type ProposalView, type TransferSuggestion } from '@sen/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { formatBankTime, formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { BankTime } from './bank-time.tsx';
import { ProposedNotice, useStateTab } from './proposed-queue.tsx';
import { useProposeTransferDecision, useUnidentifiedTransfers, type UnidentifiedState } from './operation-queries.ts';

export type UnidentifiedTransfer = NonNullable<ReturnType<typeof useUnidentifiedTransfers>['data']>[number];

const STATES: readonly UnidentifiedState[] = ['open', 'matched', 'to_return', 'returned', 'all'];
const STATE_TONES: Record<UnidentifiedTransfer['state'], Tone> = { open: 'warning', matched: 'success', to_return: 'info', returned: 'success' };
const matchRules = adminEndpoints.unidentifiedMatch.request.shape;
const returnedRules = adminEndpoints.unidentifiedReturned.request.shape;

/**
 * What the operator is deciding: a match (to a suggestion or a typed order), a return, or which
 * money out carried back a transfer to return when its memo did not say (decision 125).
 */
export type Decision =
  | { kind: 'match'; transfer: UnidentifiedTransfer; suggestion: TransferSuggestion | null }
  | { kind: 'return'; transfer: UnidentifiedTransfer }
  | { kind: 'returned'; transfer: UnidentifiedTransfer };

/**
 * The unmatched queue (decision 114): money into the collection account that named no repayment,
 * held in suspense. An operator proposes matching it to an order (a suggestion, or an order number
 * read from the statement) or returning it to its sender; another operator approves.
 */
export default function UnidentifiedTransfersPage() {
  const { t } = useT();
  const [state, setState] = useStateTab(STATES, 'open');
  const transfers = useUnidentifiedTransfers(state);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [proposed, setProposed] = useState<ProposalView | null>(null);

  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('unidentified.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('unidentified.intro')}</Typography.Paragraph>
      </header>
      {proposed && <ProposedNotice proposal={proposed} title={t('unidentified.proposed', { id: proposed.id })} onClose={() => setProposed(null)} />}
      <Tabs activeKey={state} onChange={setState} items={STATES.map((key) => ({ key, label: t(`unidentified.state.${key}`) }))} />
      <QueryState query={transfers} isEmpty={(list) => list.length === 0} emptyText={t(`unidentified.empty.${state}`)}>
        {(list) => <UnidentifiedTable list={list} onDecide={setDeciding} />}
      </QueryState>
      <DecisionDialog
        decision={deciding}
        onClose={() => setDeciding(null)}
        onProposed={(proposal) => {
          setDeciding(null);
          setProposed(proposal);
        }}
      />
    </div>
  );
}

export function UnidentifiedTable({ list, onDecide }: { list: UnidentifiedTransfer[]; onDecide: (decision: Decision) => void }) {
  const { t } = useT();
  return (
    <Table<UnidentifiedTransfer>
      rowKey="transferId"
      dataSource={list}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      columns={[
        { title: t('transfers.transactionDate'), dataIndex: 'transactionDate', render: (date: string, row) => <BankTime transactionDate={date} asSent={row.transactionDateAsSent} /> },
        { title: t('transfers.amount'), dataIndex: 'amount', align: 'right', render: (amount: number) => <span className="nowrap">{formatVnd(amount)}</span> },
        { title: t('transfers.content'), dataIndex: 'content', render: (content: string) => <span className="transfer-content">{content}</span> },
        { title: t('transfers.reference'), dataIndex: 'providerTransactionId', render: (id: string) => <code>{id}</code> },
        {
          title: t('unidentified.stateLabel'),
          dataIndex: 'state',
          render: (value: UnidentifiedTransfer['state'], row) => (
            <span>
              <StatusTag tone={STATE_TONES[value]}>{t(`unidentified.state.${value}`)}</StatusTag>
              {row.orderNo && <code>{row.orderNo}</code>}
            </span>
          ),
        },
        {
          title: t('unidentified.suggestions'),
          render: (_: unknown, row) =>
            row.state === 'to_return' && row.returnMemo ? (
              <span data-testid={`return-memo-${row.transferId}`}>
                {formatDateTime(row.decidedAt)} · {t('unidentified.returnMemo', { memo: row.returnMemo })}
              </span>
            ) : row.state === 'returned' && row.returnMemo ? (
              t('unidentified.returnedAt', { at: formatDateTime(row.returnedAt), memo: row.returnMemo })
            ) : row.state !== 'open' ? (
              formatDateTime(row.decidedAt)
            ) : row.suggestions.length === 0 ? (
              <Typography.Text type="secondary">{t('unidentified.noSuggestion')}</Typography.Text>
            ) : (
              <ul className="suggestions">
                {row.suggestions.map((suggestion) => (
                  <li key={suggestion.repaymentRequestId} data-testid={`suggestion-${row.transferId}-${suggestion.orderNo}`}>
                    <code>{suggestion.orderNo}</code> {suggestion.borrowerName} · {formatVnd(suggestion.amount)} · {t('unidentified.score', { score: suggestion.score })}{' '}
                    <Typography.Text type="secondary">({suggestion.reasons.map((reason) => t(`unidentified.reason.${reason}`)).join(', ')})</Typography.Text>{' '}
                    <Button size="small" onClick={() => onDecide({ kind: 'match', transfer: row, suggestion })}>
                      {t('unidentified.useSuggestion')}
                    </Button>
                  </li>
                ))}
              </ul>
            ),
        },
        {
          title: t('unidentified.decide'),
          render: (_: unknown, row) =>
            row.state === 'open' ? (
              <Space>
                <Button onClick={() => onDecide({ kind: 'match', transfer: row, suggestion: null })} aria-label={t('unidentified.matchNumber', { id: row.transferId })}>
                  {t('unidentified.match')}
                </Button>
                <Button danger onClick={() => onDecide({ kind: 'return', transfer: row })} aria-label={t('unidentified.returnNumber', { id: row.transferId })}>
                  {t('unidentified.return')}
                </Button>
              </Space>
            ) : row.state === 'to_return' ? (
              <Button onClick={() => onDecide({ kind: 'returned', transfer: row })} aria-label={t('unidentified.recordReturnNumber', { id: row.transferId })}>
                {t('unidentified.recordReturn')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

interface DecisionValues {
  orderNo?: string;
  outgoingTransferId?: number;
  reason: string;
}

const DIALOG_TEXT = {
  match: { title: 'unidentified.matchTitle', ok: 'unidentified.proposeMatch', fourEyes: 'unidentified.fourEyesMatch' },
  return: { title: 'unidentified.returnTitle', ok: 'unidentified.proposeReturn', fourEyes: 'unidentified.fourEyesReturn' },
  returned: { title: 'unidentified.returnedTitle', ok: 'unidentified.proposeReturned', fourEyes: 'unidentified.fourEyesReturned' },
} as const;

export function DecisionDialog({ decision, onClose, onProposed }: { decision: Decision | null; onClose: () => void; onProposed: (proposal: ProposalView) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<DecisionValues>();
  const propose = useProposeTransferDecision();
  const [error, setError] = useState<string | null>(null);
  // The dialog stays mounted between transfers: a refusal shown for one must not greet the next.
  const close = () => {
    setError(null);
    onClose();
  };
  const finish = (values: DecisionValues) => {
    if (!decision) return;
    setError(null);
    const reason = values.reason.trim();
    const transferId = decision.transfer.transferId;
    const input =
      decision.kind === 'match'
        ? { kind: 'match' as const, transferId, orderNo: (values.orderNo ?? '').trim(), reason, ...(decision.suggestion ? { repaymentRequestId: decision.suggestion.repaymentRequestId } : {}) }
        : decision.kind === 'returned'
          ? { kind: 'returned' as const, transferId, outgoingTransferId: values.outgoingTransferId!, reason }
          : { kind: 'return' as const, transferId, reason };
    propose.mutate(input, { onSuccess: (answer) => onProposed(answer.proposal), onError: (failure) => setError(errorMessage(failure)) });
  };
  const text = DIALOG_TEXT[decision?.kind ?? 'match'];
  // Nothing to record yet: no money out of the amount has been reported.
  const nothingToRecord = decision?.kind === 'returned' && decision.transfer.returnCandidates.length === 0;
  return (
    <Modal
      open={decision !== null}
      title={decision ? t(text.title, { id: decision.transfer.transferId }) : ''}
      okText={t(text.ok)}
      okButtonProps={{ danger: decision?.kind === 'return', loading: propose.isPending, disabled: nothingToRecord }}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {decision && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('transfers.amount')}>{formatVnd(decision.transfer.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('transfers.content')}>{decision.transfer.content}</Descriptions.Item>
            <Descriptions.Item label={t('transfers.transactionDate')}>
              <BankTime transactionDate={decision.transfer.transactionDate} asSent={decision.transfer.transactionDateAsSent} />
            </Descriptions.Item>
          </Descriptions>
          <Form<DecisionValues>
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ orderNo: decision.kind === 'match' ? (decision.suggestion?.orderNo ?? '') : undefined, reason: '' }}
            onFinish={finish}
            className="stacked-card"
          >
            {decision.kind === 'match' && (
              <Form.Item name="orderNo" label={t('unidentified.orderNo')} rules={[zodRule(matchRules.orderNo)]} validateTrigger="onSubmit">
                <Input maxLength={40} disabled={decision.suggestion !== null} />
              </Form.Item>
            )}
            {decision.kind === 'returned' &&
              (nothingToRecord ? (
                <Alert type="info" showIcon title={t('unidentified.noOutgoing')} />
              ) : (
                <Form.Item
                  name="outgoingTransferId"
                  label={t('unidentified.outgoing')}
                  rules={[zodRule(returnedRules.outgoingTransferId)]}
                  validateTrigger="onSubmit"
                  extra={t('unidentified.returnedHelp', { memo: decision.transfer.returnMemo ?? '' })}
                >
                  {/* Each money out in full (a select cut the chosen one's content and bank reference). */}
                  <Radio.Group
                    className="unidentified-outgoing"
                    options={decision.transfer.returnCandidates.map((candidate) => ({
                      value: candidate.transferId,
                      label: t('unidentified.outgoingOption', { at: formatBankTime(candidate.transactionDate), amount: formatVnd(candidate.amount), content: candidate.content, reference: candidate.providerTransactionId }),
                    }))}
                  />
                </Form.Item>
              ))}
            <Form.Item name="reason" label={t('unidentified.reason')} rules={[zodRule(matchRules.reason)]} validateTrigger="onSubmit" extra={t(text.fourEyes)}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Form>
          {error && <Alert type="error" showIcon title={error} />}
        </>
      )}
    </Modal>
  );
}
