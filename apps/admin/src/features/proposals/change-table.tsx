import { Table } from 'antd';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { useT } from '../../shared/i18n/i18n.ts';
import { changeRows, type ChangeRow } from './changes.ts';

/** Before and after, field by field; changed fields are marked in words, not by colour alone. */
export function ChangeTable({ before, after, onlyChanged = false }: { before: unknown; after: unknown; onlyChanged?: boolean }) {
  const { t } = useT();
  const rows = changeRows(before, after).filter((row) => !onlyChanged || row.changed);
  return (
    <Table<ChangeRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      rowClassName={(row) => (row.changed ? 'change-row--changed' : '')}
      columns={[
        { title: t('proposals.field'), dataIndex: 'field', render: (field: string, row) => (
          <span>
            <code>{field}</code> {row.changed && <StatusTag tone="warning">{t('proposals.changed')}</StatusTag>}
          </span>
        ) },
        { title: t('proposals.before'), dataIndex: 'before', render: (text: string) => <span className="change-value">{text}</span> },
        { title: t('proposals.after'), dataIndex: 'after', render: (text: string) => <span className="change-value">{text}</span> },
      ]}
    />
  );
}
