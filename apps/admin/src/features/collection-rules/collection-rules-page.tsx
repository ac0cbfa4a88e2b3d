import type { CollectionRules } from '@sen/contract';
import { Alert, Button, Card, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { pendingProposalPath } from '../../app/paths.ts';
import { can } from '../../shared/auth/permissions.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useOperator } from '../auth/operator-query.ts';
import { CollectionRulesForm } from './collection-rules-form.tsx';
import { useCollectionRules } from './collection-rules-queries.ts';

type Bucket = CollectionRules['buckets'][number];
type Template = CollectionRules['templates'][number];
type Step = CollectionRules['rules'][number];

/**
 * The collection rules (decision 122): the days-past-due buckets, the dunning steps (which
 * template at which day past due) and the approved templates, as in force. An operator who may
 * propose a change edits the whole set; it takes effect only when a second operator approves it on
 * the approvals page, and the next run of the collections job uses it.
 */
export default function CollectionRulesPage() {
  const { t } = useT();
  const operator = useOperator();
  const rules = useCollectionRules();
  const [editing, setEditing] = useState(false);
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('collectionRules.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('collectionRules.intro')}</Typography.Paragraph>
      </header>
      <QueryState query={rules}>
        {(data) => (
          <div className="stack">
            {data.pending ? (
              <Alert
                type="info"
                showIcon
                title={t('collectionRules.pending', { by: data.pending.proposedBy.name || data.pending.proposedBy.email, at: formatDateTime(data.pending.proposedAt) })}
                action={<Link to={pendingProposalPath(data.pending.id)}>{t('collectionRules.openPending')}</Link>}
              />
            ) : (
              can(operator, 'collections.rules') &&
              !editing && (
                <div>
                  <Button type="primary" onClick={() => setEditing(true)}>
                    {t('collectionRules.change')}
                  </Button>
                </div>
              )
            )}
            <Typography.Paragraph type="secondary">
              {data.lastApproved
                ? t('collectionRules.since', { at: formatDateTime(data.lastApproved.decidedAt), by: data.lastApproved.decidedBy?.name || data.lastApproved.decidedBy?.email || '—' })
                : t('collectionRules.shipped')}
            </Typography.Paragraph>
            {editing && !data.pending ? <CollectionRulesForm current={data.current} onCancel={() => setEditing(false)} /> : <RulesInForce rules={data.current} openCases={data.openCases} />}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function RulesInForce({ rules, openCases }: { rules: CollectionRules; openCases: Record<string, number> }) {
  const { t } = useT();
  const channels = new Map(rules.templates.map((template) => [template.code, template.channel]));
  return (
    <>
      <Card title={<h2 className="card-title">{t('collectionRules.buckets')}</h2>}>
        <Table<Bucket>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={rules.buckets}
          locale={{ emptyText: <Empty description={t('collectionRules.noBuckets')} /> }}
          columns={[
            { title: t('collectionRules.bucket'), dataIndex: 'code' },
            { title: t('collectionRules.daysPastDue'), render: (_: unknown, row) => (row.maxDays === null ? t('collectionRules.fromDay', { min: row.minDays }) : `${row.minDays}–${row.maxDays}`) },
            { title: t('collectionRules.openCases'), render: (_: unknown, row) => openCases[row.code] ?? 0 },
          ]}
        />
      </Card>
      <Card title={<h2 className="card-title">{t('collectionRules.steps')}</h2>}>
        <Table<Step>
          rowKey={(row) => `${row.dayPastDue}:${row.template}`}
          size="small"
          pagination={false}
          dataSource={rules.rules}
          locale={{ emptyText: <Empty description={t('collectionRules.noSteps')} /> }}
          columns={[
            { title: t('collectionRules.day'), dataIndex: 'dayPastDue' },
            { title: t('collectionRules.template'), dataIndex: 'template', render: (code: string) => <code>{code}</code> },
            { title: t('collectionRules.channel'), render: (_: unknown, row) => t(`collectionRules.channel.${channels.get(row.template) ?? 'sms'}`) },
            { title: t('collectionRules.active'), render: (_: unknown, row) => (row.active ? t('common.yes') : t('common.no')) },
          ]}
        />
      </Card>
      <Card title={<h2 className="card-title">{t('collectionRules.templates')}</h2>}>
        <Table<Template>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={rules.templates}
          locale={{ emptyText: <Empty description={t('collectionRules.noTemplates')} /> }}
          columns={[
            { title: t('collectionRules.template'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
            { title: t('collectionRules.channel'), render: (_: unknown, row) => t(`collectionRules.channel.${row.channel}`) },
            { title: t('collectionRules.bodyVn'), dataIndex: 'bodyVn', className: 'wrap-text' },
            { title: t('collectionRules.bodyEn'), dataIndex: 'bodyEn', className: 'wrap-text' },
            {
              title: t('collectionRules.approved'),
              render: (_: unknown, row) => (row.approved ? <StatusTag tone="success">{t('collectionRules.onList')}</StatusTag> : <StatusTag tone="neutral">{t('collectionRules.withdrawn')}</StatusTag>),
            },
          ]}
        />
      </Card>
    </>
  );
}
