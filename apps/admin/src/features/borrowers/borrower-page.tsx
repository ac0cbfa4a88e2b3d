import type { BorrowerDetail, RevealTarget } from '@sen/contract';
import { Breadcrumb, Descriptions, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { ConsentsTab, LedgerTab, MessagesTab, SecurityTab } from './activity-tabs.tsx';
import { useBorrowerDetail } from './borrower-queries.ts';
import { CreditTab } from './credit-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { ProfileTab } from './profile-tab.tsx';
import { RevealDialog } from './reveal-dialog.tsx';

const TABS = ['profile', 'credit', 'orders', 'ledger', 'messages', 'consents', 'security'] as const;
type TabKey = (typeof TABS)[number];

/** One borrower: a tab per part of what the lender holds on them, masked; the ID number and images revealed on purpose. */
export default function BorrowerPage() {
  const { t } = useT();
  const userId = Number(useParams().userId);
  const detail = useBorrowerDetail(userId);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as TabKey) : 'profile';
  const [revealing, setRevealing] = useState<RevealTarget | null>(null);

  return (
    <div className="page">
      <Breadcrumb items={[{ title: <Link to={paths.borrowers}>{t('borrowers.title')}</Link> }, { title: t('borrowers.numbered', { id: userId }) }]} />
      <QueryState query={detail}>
        {(page) => (
          <>
            <BorrowerHeader page={page} />
            <Tabs
              activeKey={tab}
              onChange={(key) => setParams({ tab: key }, { replace: true })}
              items={TABS.map((key) => ({ key, label: tabLabel(key, page, t), children: <TabContent tab={key} page={page} onReveal={setRevealing} /> }))}
            />
            <RevealDialog userId={page.borrower.userId} what={revealing} onClose={() => setRevealing(null)} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function BorrowerHeader({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  const { borrower, profile } = page;
  return (
    <header className="page__header">
      <Typography.Title level={1}>{profile?.fullName ?? t('borrowers.numbered', { id: borrower.userId })}</Typography.Title>
      <Descriptions size="small" column={4}>
        <Descriptions.Item label={t('borrowers.userId')}>{borrower.userId}</Descriptions.Item>
        <Descriptions.Item label={t('borrowers.phone')}>
          <span className="masked">{borrower.phoneMasked ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('borrowers.status')}>
          <StatusTag tone={borrower.status === 'active' ? 'success' : 'neutral'}>{t(`borrowers.status.${borrower.status}`)}</StatusTag>
        </Descriptions.Item>
        <Descriptions.Item label={t('borrowers.registeredAt')}>{formatDateTime(borrower.registeredAt)}</Descriptions.Item>
      </Descriptions>
    </header>
  );
}

function tabLabel(key: TabKey, page: BorrowerDetail, t: ReturnType<typeof useT>['t']): string {
  const counts: Partial<Record<TabKey, number>> = {
    credit: page.credit.decisions.length,
    orders: page.orders.length,
    ledger: page.ledger.length,
    messages: page.messages.length,
    security: page.securityEvents.length,
  };
  const count = counts[key];
  return count === undefined ? t(`borrowers.tab.${key}`) : `${t(`borrowers.tab.${key}`)} (${count})`;
}

function TabContent({ tab, page, onReveal }: { tab: TabKey; page: BorrowerDetail; onReveal: (what: RevealTarget) => void }) {
  switch (tab) {
    case 'profile':
      return <ProfileTab page={page} onReveal={onReveal} />;
    case 'credit':
      return <CreditTab page={page} />;
    case 'orders':
      return <OrdersTab page={page} />;
    case 'ledger':
      return <LedgerTab page={page} />;
    case 'messages':
      return <MessagesTab page={page} />;
    case 'consents':
      return <ConsentsTab page={page} />;
    case 'security':
      return <SecurityTab page={page} />;
  }
}
