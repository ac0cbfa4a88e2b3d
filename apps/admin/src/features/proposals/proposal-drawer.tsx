import { type ProposalView } from '@sen/contract';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { reasonRule } from '../../shared/forms/reason-rule.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { can } from '../../shared/auth/permissions.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useOperator } from '../auth/operator-query.ts';
import { ChangeTable } from './change-table.tsx';
import { collectionRulesFields, proposedItem } from './changes.ts';
import { useDecideProposal } from './proposal-queries.ts';

/** One proposal: who, why, before and after; approve or reject with a reason (pending ones only). */
export function ProposalDrawer({ proposal, onClose }: { proposal: ProposalView | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Drawer open={proposal !== null} onClose={onClose} size={720} title={proposal ? t('proposals.detailTitle', { id: proposal.id }) : ''} destroyOnHidden>
      {proposal && <ProposalDetail proposal={proposal} onDone={onClose} />}
    </Drawer>
  );
}

function ProposalDetail({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) {
  const { t } = useT();
  const operator = useOperator();
  const { message, modal } = App.useApp();
  const decide = useDecideProposal();
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = proposal.proposedBy.id === operator.id;
  const mayDecide = proposal.status === 'pending' && can(operator, 'proposals.approve');

  const approve = () => {
    setError(null);
    decide.mutate(
      { proposalId: proposal.id, approve: true },
      {
        onSuccess: () => {
          void message.success(t('proposals.approved'));
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <div className="proposal-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('proposals.kind')}>{t(`proposals.kind.${proposal.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('proposals.summary')}>{proposal.summary}</Descriptions.Item>
        <Descriptions.Item label={t('proposals.proposedBy')}>
          {proposal.proposedBy.name} ({proposal.proposedBy.email}), {formatDateTime(proposal.proposedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('proposals.reason')}>{proposal.reason ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('proposals.statusLabel')}>{t(`proposals.status.${proposal.status}`)}</Descriptions.Item>
        {proposal.status === 'pending' ? (
          <Descriptions.Item label={t('proposals.expiresAt')}>{formatDateTime(proposal.expiresAt)}</Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('proposals.decidedBy')}>
            {proposal.decidedBy ? `${proposal.decidedBy.name} (${proposal.decidedBy.email}), ${formatDateTime(proposal.decidedAt)}` : '—'}
            {proposal.decisionReason && <div>{t('proposals.decisionReason', { reason: proposal.decisionReason })}</div>}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={2} className="section-title">
        {t('proposals.changes')}
      </Typography.Title>
      {proposal.kind === 'collections.rules' ? (
        <ChangeTable {...collectionRulesFields(proposal.before, proposal.payload)} />
      ) : (
        <ChangeTable before={proposal.before} after={proposedItem(proposal.payload)} />
      )}
      {error && <Alert type="error" showIcon title={error} className="form-alert" />}
      {mayDecide && (
        <div className="proposal-detail__actions">
          {own && <Alert type="info" showIcon title={t('proposals.ownExplanation')} id="own-proposal-note" />}
          <Space>
            <Button type="primary" disabled={own} aria-describedby={own ? 'own-proposal-note' : undefined} loading={decide.isPending && !rejecting} onClick={() =>
                modal.confirm({ title: t('proposals.approveConfirmTitle'), content: t('proposals.approveConfirm'), okText: t('proposals.approve'), cancelText: t('common.cancel'), onOk: approve })
              }>
              {t('proposals.approve')}
            </Button>
            <Button danger onClick={() => setRejecting(true)}>
              {own ? t('proposals.withdraw') : t('proposals.reject')}
            </Button>
          </Space>
        </div>
      )}
      <RejectDialog
        open={rejecting}
        pending={decide.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(reason) =>
          decide.mutateAsync({ proposalId: proposal.id, approve: false, reason }).then(() => {
            void message.success(t('proposals.rejected'));
            setRejecting(false);
            onDone();
          })
        }
      />
    </div>
  );
}

function RejectDialog({ open, pending, onCancel, onReject }: { open: boolean; pending: boolean; onCancel: () => void; onReject: (reason: string) => Promise<unknown> }) {
  const { t } = useT();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      open={open}
      title={t('proposals.rejectTitle')}
      okText={t('proposals.reject')}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ reason }) => {
          setError(null);
          onReject(reason.trim()).catch((failure: unknown) => setError(errorMessage(failure)));
        }}
      >
        <Form.Item name="reason" label={t('proposals.rejectReason')} rules={[reasonRule()]} validateTrigger="onSubmit">
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
