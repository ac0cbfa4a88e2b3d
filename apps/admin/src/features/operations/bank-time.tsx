import { Typography } from 'antd';
import { formatBankTime } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { StatusTag } from '../../shared/ui/status-tag.tsx';

/**
 * A transfer's bank time; when the bank's could not be read, the receipt time it was dated by,
 * marked, with what the bank sent (decision 127): an operator matching it by its time must know
 * the time is ours.
 */
export function BankTime({ transactionDate, asSent }: { transactionDate: string; asSent: string | null }) {
  const { t } = useT();
  if (asSent === null) return <>{formatBankTime(transactionDate)}</>;
  return (
    <span>
      {formatBankTime(transactionDate)} <StatusTag tone="warning">{t('transfers.bankTimeUnreadable')}</StatusTag>
      <br />
      <Typography.Text type="secondary">{t('transfers.bankTimeAsSent', { sent: asSent === '' ? '—' : asSent })}</Typography.Text>
    </span>
  );
}
