import type { BorrowerDetail } from '@sen/contract';
import { Card, Table, Typography } from 'antd';
import { formatBoolean, formatDateTime, formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { emptyLocale } from './empty-table.tsx';

type Entry = BorrowerDetail['ledger'][number];
type Message = BorrowerDetail['messages'][number];
type Privacy = BorrowerDetail['consents']['privacy'][number];
type Agreement = BorrowerDetail['consents']['agreements'][number];
type SecurityEvent = BorrowerDetail['securityEvents'][number];
type Device = BorrowerDetail['devices'][number];

function Latest({ count }: { count: number | undefined }) {
  const { t } = useT();
  return count === undefined ? null : <Typography.Paragraph type="secondary">{t('borrowers.latest', { count })}</Typography.Paragraph>;
}

/** The ledger entries of the borrower's loans, newest first, each with its balanced lines. */
export function LedgerTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  return (
    <>
      <Latest count={page.limits.ledgerEntries} />
      <Table<Entry>
        rowKey="id"
        dataSource={page.ledger}
        pagination={false}
        size="small"
        locale={emptyLocale(t('borrowers.ledger.none'))}
        columns={[
          { title: t('borrowers.ledger.date'), dataIndex: 'businessDate', width: 120 },
          { title: t('borrowers.ledger.event'), dataIndex: 'event' },
          { title: t('borrowers.orders.orderNo'), dataIndex: 'orderNo', render: (value: string | null) => value ?? '—' },
          { title: t('borrowers.ledger.memo'), dataIndex: 'memo' },
          {
            title: t('borrowers.ledger.lines'),
            dataIndex: 'lines',
            render: (lines: Entry['lines']) => (
              <ul className="ledger-lines">
                {lines.map((line, index) => (
                  <li key={index}>
                    {line.debit > 0 ? t('borrowers.ledger.debit', { account: line.accountCode, amount: formatVnd(line.debit) }) : t('borrowers.ledger.credit', { account: line.accountCode, amount: formatVnd(line.credit) })}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </>
  );
}

export function MessagesTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  return (
    <>
      <Latest count={page.limits.messages} />
      <Table<Message>
        rowKey="id"
        dataSource={page.messages}
        pagination={false}
        size="small"
        locale={emptyLocale(t('borrowers.messages.none'))}
        columns={[
          { title: t('borrowers.at'), dataIndex: 'at', render: formatDateTime, width: 180 },
          { title: t('borrowers.messages.title'), dataIndex: 'title' },
          { title: t('borrowers.messages.content'), dataIndex: 'content' },
          { title: t('borrowers.messages.readAt'), dataIndex: 'readAt', render: formatDateTime, width: 180 },
        ]}
      />
    </>
  );
}

export function ConsentsTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  return (
    <div className="stack">
      <Card title={<h2 className="card-title">{t('borrowers.consents.privacy')}</h2>}>
        <Table<Privacy>
          rowKey={(row) => `${row.at}-${row.version}`}
          dataSource={page.consents.privacy}
          pagination={false}
          size="small"
          locale={emptyLocale(t('borrowers.consents.noPrivacy'))}
          columns={[
            { title: t('borrowers.at'), dataIndex: 'at', render: formatDateTime },
            { title: t('borrowers.consents.version'), dataIndex: 'version' },
            { title: t('borrowers.consents.agreed'), dataIndex: 'agreed', render: formatBoolean },
          ]}
        />
      </Card>
      <Card title={<h2 className="card-title">{t('borrowers.consents.agreements')}</h2>}>
        <Table<Agreement>
          rowKey={(row) => `${row.orderNo}-${row.document}`}
          dataSource={page.consents.agreements}
          pagination={false}
          size="small"
          locale={emptyLocale(t('borrowers.consents.noAgreements'))}
          columns={[
            { title: t('borrowers.consents.acceptedAt'), dataIndex: 'acceptedAt', render: formatDateTime },
            { title: t('borrowers.orders.orderNo'), dataIndex: 'orderNo' },
            { title: t('borrowers.consents.document'), dataIndex: 'document' },
            { title: t('borrowers.consents.version'), dataIndex: 'version' },
            { title: t('borrowers.ip'), dataIndex: 'ip' },
            { title: t('borrowers.deviceId'), dataIndex: 'deviceId' },
          ]}
        />
      </Card>
    </div>
  );
}

export function SecurityTab({ page }: { page: BorrowerDetail }) {
  const { t } = useT();
  return (
    <div className="stack">
      <Card title={<h2 className="card-title">{t('borrowers.security.events')}</h2>}>
        <Latest count={page.limits.securityEvents} />
        <Table<SecurityEvent>
          rowKey="id"
          dataSource={page.securityEvents}
          pagination={false}
          size="small"
          locale={emptyLocale(t('borrowers.security.none'))}
          columns={[
            { title: t('borrowers.at'), dataIndex: 'at', render: formatDateTime },
            { title: t('borrowers.security.type'), dataIndex: 'type' },
            { title: t('borrowers.security.result'), dataIndex: 'result' },
            { title: t('borrowers.security.method'), dataIndex: 'method', render: (value: string | null) => value ?? '—' },
            { title: t('borrowers.ip'), dataIndex: 'ip', render: (value: string | null) => value ?? '—' },
            { title: t('borrowers.deviceId'), dataIndex: 'deviceId', render: (value: string | null) => value ?? '—' },
          ]}
        />
      </Card>
      <Card title={<h2 className="card-title">{t('borrowers.devices')}</h2>}>
        <Table<Device>
          rowKey="deviceId"
          dataSource={page.devices}
          pagination={false}
          size="small"
          locale={emptyLocale(t('borrowers.devices.none'))}
          columns={[
            { title: t('borrowers.deviceId'), dataIndex: 'deviceId', render: (value: string) => value || '—' },
            { title: t('borrowers.devices.model'), render: (_: unknown, row) => [row.brand, row.model].filter(Boolean).join(' ') || '—' },
            { title: t('borrowers.devices.appVersion'), dataIndex: 'appVersion' },
            { title: t('borrowers.devices.firstSeen'), dataIndex: 'firstSeenAt', render: formatDateTime },
            { title: t('borrowers.devices.lastSeen'), dataIndex: 'lastSeenAt', render: formatDateTime },
          ]}
        />
      </Card>
    </div>
  );
}
