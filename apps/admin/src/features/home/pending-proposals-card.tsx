import { Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { useProposals } from '../proposals/index.ts';

/** How many proposals wait for a second pair of eyes. */
export function PendingProposalsCard() {
  const { t } = useT();
  const pending = useProposals('pending');
  return (
    <Card title={<h2 className="card-title">{t('home.pendingTitle')}</h2>} extra={<Link to={paths.proposals}>{t('home.openProposals')}</Link>}>
      <QueryState query={pending}>{(data) => <Statistic title={t('home.pendingCount')} value={data.items.length} suffix={data.nextCursor ? '+' : undefined} />}</QueryState>
    </Card>
  );
}
