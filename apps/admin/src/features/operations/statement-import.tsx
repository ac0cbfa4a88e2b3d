import type { StatementImportResult, StatementRowError } from '@sen/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pendingProposalPath } from '../../app/paths.ts';
import { formatVnd } from '../../shared/format/format.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useImportStatement } from './operation-queries.ts';

/** The columns whose refusal has its own explanation; any other column is "missing, too long or not valid". */
const EXPLAINED: Readonly<Record<string, TranslationKey>> = {
  id: 'statement.invalid.id',
  transferAmount: 'statement.invalid.transferAmount',
  transactionDate: 'statement.invalid.transactionDate',
  transferType: 'statement.invalid.transferType',
  accountNumber: 'statement.invalid.accountNumber',
};

const ROW_PROBLEMS: Readonly<Record<Exclude<StatementRowError['problem'], 'invalid'>, TranslationKey>> = {
  cells: 'statement.problem.cells',
  duplicate: 'statement.problem.duplicate',
  conflict: 'statement.problem.conflict',
};

/** What is wrong with a row, in the operator's language. */
export function rowProblem(error: StatementRowError): TranslationKey {
  if (error.problem === 'invalid') return (error.field ? EXPLAINED[error.field] : undefined) ?? 'statement.invalid.other';
  return ROW_PROBLEMS[error.problem];
}

/**
 * The bank statement upload (decision 118): a CSV in SePay's columns. The answer says what was new,
 * what the bank had already reported and which rows were refused (by spreadsheet row number);
 * new money in waits for another operator's approval.
 */
export function StatementImport() {
  const { t } = useT();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const importing = useImportStatement();

  const submit = () => {
    if (!file) {
      setMissing(true);
      return;
    }
    importing.mutate(file);
  };

  return (
    <section className="page__section" aria-labelledby={`${inputId}-title`}>
      <Typography.Title level={2} id={`${inputId}-title`} className="section-title">
        {t('statement.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('statement.intro')}</Typography.Paragraph>
      {/* The browser's own picker button speaks the browser's language ('Choose File' in a Vietnamese page): ours speaks the operator's. */}
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setMissing(false);
          importing.reset();
        }}
      />
      <Space wrap align="center">
        <label htmlFor={inputId} className="field-label">
          {t('statement.file')}
        </label>
        <Button icon={<UploadOutlined />} onClick={() => inputRef.current?.click()} aria-controls={inputId}>
          {t('statement.choose')}
        </Button>
        <Typography.Text type={file ? undefined : 'secondary'} data-testid="statement-file-name">
          {file ? file.name : t('statement.noFile')}
        </Typography.Text>
        <Button type="primary" onClick={submit} loading={importing.isPending}>
          {t('statement.import')}
        </Button>
      </Space>
      {missing && <Alert type="warning" showIcon className="form-alert" title={t('statement.chooseFirst')} />}
      {importing.isError && <Alert type="error" showIcon className="form-alert" title={<span role="alert">{errorMessage(importing.error)}</span>} />}
      {importing.data && <StatementImportResultView result={importing.data} />}
    </section>
  );
}

export function StatementImportResultView({ result }: { result: StatementImportResult }) {
  const { t } = useT();
  const fresh = result.recorded + result.proposed;
  const details: string[] = [];
  if (result.recorded > 0) details.push(t('statement.recorded', { count: result.recorded }));
  if (fresh === 0 && result.errors.length === 0) details.push(t('statement.nothingNew'));
  if (result.alreadyProposed) details.push(t('statement.alreadyProposed', { count: result.proposed, amount: formatVnd(result.proposedAmount) }));
  return (
    <div className="form-alert" data-testid="statement-result">
      <Alert
        type={result.errors.length > 0 ? 'warning' : 'success'}
        showIcon
        title={t('statement.summary', { new: fresh, known: result.known, errors: result.errors.length })}
        description={
          <>
            {details.map((line) => (
              <div key={line}>{line}</div>
            ))}
            {result.proposal && (
              <div>
                {t('statement.proposed', { count: result.proposed, amount: formatVnd(result.proposedAmount), id: result.proposal.id })}{' '}
                <Link to={pendingProposalPath(result.proposal.id)}>{t('receipts.openProposal')}</Link>
              </div>
            )}
          </>
        }
      />
      {result.errors.length > 0 && (
        <Table<StatementRowError>
          className="form-alert"
          title={() => t('statement.errorsTitle')}
          size="small"
          rowKey={(error) => `${error.row}-${error.field ?? ''}-${error.problem}`}
          dataSource={result.errors}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { title: t('statement.row'), dataIndex: 'row' },
            { title: t('statement.column'), dataIndex: 'field', render: (field: string | null) => (field ? <code>{field}</code> : '—') },
            { title: t('transfers.reference'), dataIndex: 'transactionId', render: (id: string | null) => (id ? <code>{id}</code> : '—') },
            { title: t('statement.problem'), key: 'problem', render: (_: unknown, error) => t(rowProblem(error)) },
          ]}
        />
      )}
    </div>
  );
}
