import type { OperatorFeedbackItem } from '@sen/contract';
import { Button, Image, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { borrowerPath } from '../../app/paths.ts';
import { formatDateTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { useFeedbackPages } from './operation-queries.ts';

/** What borrowers wrote (the app's feedback page, or a family client), newest first, with its pictures and a way to the author's page. */
export default function FeedbackPage() {
  const { t } = useT();
  const pages = useFeedbackPages();
  const items = pages.data?.pages.flat();
  return (
    <div className="page">
      <header className="page__header">
        <Typography.Title level={1}>{t('feedback.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('feedback.intro')}</Typography.Paragraph>
      </header>
      <QueryState query={{ ...pages, data: items }} isEmpty={(list) => list.length === 0} emptyText={t('feedback.empty')}>
        {(list) => (
          <>
            <Table<OperatorFeedbackItem>
              rowKey="id"
              dataSource={list}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              columns={[
                { title: t('feedback.at'), dataIndex: 'createdAt', width: 180, render: formatDateTime },
                {
                  title: t('feedback.borrower'),
                  dataIndex: 'userId',
                  width: 160,
                  render: (userId: number) => <Link to={borrowerPath(userId)}>{t('borrowers.numbered', { id: userId })}</Link>,
                },
                { title: t('feedback.content'), dataIndex: 'content', render: (content: string) => <span className="feedback-content">{content}</span> },
                {
                  title: t('feedback.pictures'),
                  dataIndex: 'images',
                  width: 200,
                  render: (images: string[], row) =>
                    images.length === 0 ? (
                      '—'
                    ) : (
                      <Image.PreviewGroup>
                        <Space size={4} wrap>
                          {images.map((url, index) => (
                            <Image key={url} src={url} width={48} height={48} alt={t('feedback.pictureOf', { n: index + 1, id: row.id })} />
                          ))}
                        </Space>
                      </Image.PreviewGroup>
                    ),
                },
                { title: t('feedback.source'), dataIndex: 'source', width: 110, render: (source: string) => (source === 'web' ? t('feedback.source.web') : t('feedback.source.family')) },
              ]}
            />
            {pages.hasNextPage && (
              <div className="load-more">
                <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                  {t('common.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
