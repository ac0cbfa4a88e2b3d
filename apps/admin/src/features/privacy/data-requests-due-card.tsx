import { Card, Space, Statistic } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { useDataRequests } from './privacy-queries.ts';

/**
 * The home's to-do for data-subject requests (decision 121): how many open requests are overdue
 * and how many are due within 2 working days (the server's reminder), with the queue's filter.
 */
export function DataRequestsDueCard() {
  const { t } = useT();
  const due = useDataRequests('due_soon');
  return (
    <Card
      title={<h2 className="card-title">{t('home.dataRequestsTitle')}</h2>}
      extra={<Link to={`${paths.dataRequests}?state=due_soon`}>{t('home.openDataRequests')}</Link>}
      data-testid="home-data-requests"
    >
      <QueryState query={due}>
        {(list) => (
          <Space size="large">
            <Statistic title={t('privacy.reminder.overdue')} value={list.filter((row) => row.reminder === 'overdue').length} />
            <Statistic title={t('privacy.reminder.due_soon')} value={list.filter((row) => row.reminder === 'due_soon').length} />
          </Space>
        )}
      </QueryState>
    </Card>
  );
}
