import { adminEndpoints } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'antd';
import { formatNumber, formatPercent } from '../../shared/format/format.ts';
import { isTranslationKey, useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { BarChart } from '../../shared/ui/bar-chart.tsx';
import { QueryState } from '../../shared/ui/query-state.tsx';

/**
 * The conversion funnel (decision 067), moved from `npm run report:funnel` to the home and from
 * there to the dashboards (decision 102): over the dashboard's days, chart and figures.
 */
/** The step's name in the interface language; the server's English label for a step this build does not know. */
function useStepLabel() {
  const { t } = useT();
  return (step: { key: string; label: string }) => {
    const key = `home.funnelStep.${step.key}`;
    return isTranslationKey(key) ? t(key) : step.label;
  };
}

export function FunnelCard({ from, to }: { from: string; to: string }) {
  const { t } = useT();
  const stepLabel = useStepLabel();
  const funnel = useQuery({
    queryKey: ['admin', 'funnel', from, to],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.funnel, { from, to }, { signal }),
  });
  return (
    <Card title={<h2 className="card-title">{t('home.funnelTitle')}</h2>}>
      <QueryState query={funnel} isEmpty={(data) => data.steps.length === 0}>
        {(data) => (
          <div className="funnel">
            <BarChart label={t('home.funnelChart', { from: data.from, to: data.to })} bars={data.steps.map((step) => ({ label: stepLabel(step), value: step.count }))} />
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={data.steps}
              columns={[
                { title: t('home.funnelStep'), key: 'step', render: (_: unknown, step: { key: string; label: string }) => stepLabel(step) },
                { title: t('home.funnelCount'), dataIndex: 'count', align: 'right', render: (count: number) => formatNumber(count) },
                { title: t('home.funnelFromPrevious'), dataIndex: 'fromPrevious', align: 'right', render: (share: number) => formatPercent(share) },
                { title: t('home.funnelFromFirst'), dataIndex: 'fromFirst', align: 'right', render: (share: number) => formatPercent(share) },
                { title: t('home.funnelSource'), dataIndex: 'source', render: (source: 'server' | 'tracking') => t(`home.source.${source}`) },
              ]}
            />
          </div>
        )}
      </QueryState>
    </Card>
  );
}
