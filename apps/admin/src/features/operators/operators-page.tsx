import { UserAddOutlined } from '@ant-design/icons';
import type { OperatorView } from '@sen/contract';
import { Button, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag, type Tone } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { ChangeRoleDialog, DeactivateDialog } from './operator-action-dialogs.tsx';
import { useOperatorList } from './operator-queries.ts';

const STATUS_TONES: Record<OperatorView['status'], Tone> = { active: 'success', invited: 'info', deactivated: 'neutral' };

/** Operators: who has access with which role; invite, change a role, deactivate. */
export default function OperatorsPage() {
  const { t } = useT();
  const me = useOperator();
  const list = useOperatorList();
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<OperatorView | null>(null);
  const [deactivating, setDeactivating] = useState<OperatorView | null>(null);
  return (
    <div className="page">
      <header className="page__header page__header--with-action">
        <div>
          <Typography.Title level={1}>{t('operators.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('operators.intro')}</Typography.Paragraph>
        </div>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('operators.invite')}
        </Button>
      </header>
      <QueryState query={list} isEmpty={(data) => data.items.length === 0} emptyText={t('operators.empty')}>
        {(data) => (
          <Table<OperatorView>
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            columns={[
              { title: t('operators.name'), dataIndex: 'name' },
              { title: t('operators.email'), dataIndex: 'email' },
              { title: t('operators.role'), dataIndex: 'role', render: (role: OperatorView['role']) => t(`role.${role}`) },
              { title: t('operators.status'), dataIndex: 'status', render: (status: OperatorView['status']) => <StatusTag tone={STATUS_TONES[status]}>{t(`operators.status.${status}`)}</StatusTag> },
              { title: t('operators.totp'), dataIndex: 'totpEnrolled', render: (enrolled: boolean) => (enrolled ? t('common.yes') : t('common.no')) },
              { title: t('operators.lastSignIn'), dataIndex: 'lastSignInAt', render: formatDateTime },
              {
                title: t('common.actions'),
                render: (_: unknown, row) => {
                  const self = row.id === me.id;
                  const inactive = row.status === 'deactivated';
                  const why = self ? t('operators.selfNote') : undefined;
                  return (
                    <Space>
                      <Tooltip title={why}>
                        <Button size="small" disabled={self || inactive} onClick={() => setChanging(row)} aria-label={t('operators.changeRoleOf', { name: row.name || row.email })}>
                          {t('operators.changeRole')}
                        </Button>
                      </Tooltip>
                      <Tooltip title={why}>
                        <Button size="small" danger disabled={self || inactive} onClick={() => setDeactivating(row)} aria-label={t('operators.deactivateOf', { name: row.name || row.email })}>
                          {t('operators.deactivate')}
                        </Button>
                      </Tooltip>
                    </Space>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleDialog operator={changing} onClose={() => setChanging(null)} />
      <DeactivateDialog operator={deactivating} onClose={() => setDeactivating(null)} />
    </div>
  );
}
