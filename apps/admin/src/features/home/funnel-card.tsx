import { adminEndpoints } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatNumber, formatPercent, vietnamDay } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { BarChart } from '../../shared/ui/bar-chart.tsx';
import { QueryState } from '../../shared/ui/query-state.tsx';

const DAYS = 30;

/** The conversion funnel (decision 067), moved here from `npm run report:funnel`: chart and figures. */
export function FunnelCard() {
  const { t } = useT();
  const today = dayjs(vietnamDay(new Date()));
  const [range, setRange] = useState<[Dayjs, Dayjs]>([today.subtract(DAYS - 1, 'day'), today]);
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const funnel = useQuery({
    queryKey: ['admin', 'funnel', from, to],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.funnel, { from, to }, { signal }),
  });
  return (
    <Card
      title={<h2 className="card-title">{t('home.funnelTitle')}</h2>}
      extra={
        <DatePicker.RangePicker
          aria-label={t('home.funnelRange')}
          value={range}
          allowClear={false}
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0], value[1]]);
          }}
        />
      }
    >
      <QueryState query={funnel} isEmpty={(data) => data.steps.length === 0}>
        {(data) => (
          <div className="funnel">
            <BarChart label={t('home.funnelChart', { from: data.from, to: data.to })} bars={data.steps.map((step) => ({ label: step.label, value: step.count }))} />
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={data.steps}
              columns={[
                { title: t('home.funnelStep'), dataIndex: 'label' },
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
