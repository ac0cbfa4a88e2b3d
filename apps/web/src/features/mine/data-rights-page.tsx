import type { DataRequestView, WithdrawnConsent } from '@sen/contract';
import { useState } from 'react';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { displayDate, vietnamDayOf } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { recordConsentChoice } from '../../shared/tracking/consent.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { DataRequestForm } from './data-request-form.tsx';
import { useMyDataRights, useRestoreConsent } from './mine-api.ts';
import './mine.css';

const STATE_TAGS: Record<DataRequestView['state'], string> = { open: 'mine-tag--wait', completed: 'mine-tag--ok', refused: 'mine-tag--no' };

/**
 * /mine/data-rights: the borrower's data rights with deadlines (issue 25 item 9; decision 116):
 * the consents withdrawn (each can be given again), the requests with their state, when they were
 * acknowledged and when they are due (and the extended due day), and a form to file a new one.
 */
export function DataRightsPage() {
  const { t } = useT();
  const rights = useMyDataRights();
  const [filed, setFiled] = useState<DataRequestView | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  return (
    <div className="page form-screen">
      <PageHeader title={t('page.dataRights')} />
      <main className="page__content data-rights" data-testid="data-rights-page">
        <p className="form-page__hint">{t('dataRights.hint')}</p>

        {filed ? <FiledNotice request={filed} /> : null}

        <QueryView
          query={rights}
          size="section"
          errorTestId="data-rights-error"
          retryTestId="data-rights-retry"
        >
          {(data) => (
            <>
              {data.withdrawnConsents.map((withdrawn) => (
                <WithdrawnConsentCard key={withdrawn.consent} withdrawn={withdrawn} />
              ))}
              <h2 className="section-title">{t('dataRights.myRequests')}</h2>
              {data.requests.length === 0 ? (
                <p className="mine-state" data-testid="data-rights-empty">
                  {t('dataRights.empty')}
                </p>
              ) : (
                <ul className="mine-card-list" data-testid="data-rights-list">
                  {data.requests.map((request) => (
                    <RequestCard key={request.id} request={request} />
                  ))}
                </ul>
              )}
            </>
          )}
        </QueryView>

        {formOpen ? (
          <>
            <h2 className="section-title">{t('dataRights.newRequest')}</h2>
            <DataRequestForm
              onFiled={(request) => {
                setFiled(request);
                setFormOpen(false);
              }}
            />
          </>
        ) : (
          <Button
            block
            shape="rounded"
            size="large"
            className="data-rights__new"
            onClick={() => {
              setFiled(null);
              setFormOpen(true);
            }}
            data-testid="data-rights-new"
          >
            {t('dataRights.newRequest')}
          </Button>
        )}
      </main>
    </div>
  );
}

function FiledNotice({ request }: { request: DataRequestView }) {
  const { t, language } = useT();
  const day = (iso: string) => displayDate(iso, iso, language);
  return (
    <p className="mine-card data-rights-filed" role="status" data-testid="data-rights-filed">
      {request.kind === 'withdraw_consent'
        ? t('dataRights.filed.withdrawn', { consent: t(`dataRights.consent.${request.consent ?? 'lending'}`) })
        : t('dataRights.filed', { date: day(vietnamDayOf(request.acknowledgedAt)), due: day(request.due) })}
    </p>
  );
}

function WithdrawnConsentCard({ withdrawn }: { withdrawn: WithdrawnConsent }) {
  const { t, language } = useT();
  const restore = useRestoreConsent();
  const [failure, setFailure] = useState<string | null>(null);
  const day = vietnamDayOf(withdrawn.withdrawnAt);
  return (
    <section className="mine-card mine-warning" data-testid={`withdrawn-${withdrawn.consent}`}>
      <h2 className="mine-warning__title">{t('dataRights.withdrawn.title', { consent: t(`dataRights.consent.${withdrawn.consent}`), date: displayDate(day, day, language) })}</h2>
      <p className="mine-modal-text">{t(`dataRights.consequence.${withdrawn.consent}`)}</p>
      {failure ? (
        <p className="mine-refusal" role="alert">
          {failure}
        </p>
      ) : null}
      <Button
        block
        shape="rounded"
        color="primary"
        loading={restore.isPending}
        onClick={() => {
          setFailure(null);
          restore.mutate(withdrawn.consent, {
            onSuccess: () => {
              if (withdrawn.consent === 'tracking') recordConsentChoice(true);
            },
            onError: (error) => setFailure(errorText(error)),
          });
        }}
        data-testid={`restore-${withdrawn.consent}`}
      >
        {t('dataRights.restore')}
      </Button>
    </section>
  );
}

function RequestCard({ request }: { request: DataRequestView }) {
  const { t, language } = useT();
  const day = (iso: string | null) => displayDate(iso, '—', language);
  const title = request.kind === 'withdraw_consent' && request.consent ? `${t('dataRights.kind.withdraw_consent')}: ${t(`dataRights.consent.${request.consent}`)}` : t(`dataRights.kind.${request.kind}`);
  return (
    <li className="mine-card data-request" data-testid={`data-request-${request.id}`}>
      <div className="data-request__head">
        <p className="data-request__title">{title}</p>
        <span className={`mine-tag ${STATE_TAGS[request.state]}`} data-testid={`data-request-state-${request.id}`}>
          {t(`dataRights.state.${request.state}`)}
        </span>
      </div>
      {request.details ? <p className="data-request__details">{request.details}</p> : null}
      <dl className="data-request__dates">
        <dt>{t('dataRights.acknowledged')}</dt>
        <dd>{day(vietnamDayOf(request.acknowledgedAt))}</dd>
        {request.state === 'open' ? (
          <>
            <dt>{t('dataRights.due')}</dt>
            <dd className={request.extendedDue ? 'data-request__superseded' : undefined} data-testid={`data-request-due-${request.id}`}>
              {day(request.due)}
            </dd>
            {request.extendedDue ? (
              <>
                <dt>{t('dataRights.extendedDue')}</dt>
                <dd data-testid={`data-request-extended-${request.id}`}>{day(request.extendedDue)}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt>{t(request.state === 'completed' ? 'dataRights.completedOn' : 'dataRights.refusedOn')}</dt>
            <dd>{day(request.closedAt ? vietnamDayOf(request.closedAt) : null)}</dd>
          </>
        )}
      </dl>
      {request.extendedDue && request.extensionReason ? <p className="data-request__note">{t('dataRights.extensionReason', { reason: request.extensionReason })}</p> : null}
      {request.outcome ? <p className="data-request__note">{t(request.state === 'refused' ? 'dataRights.refusedBecause' : 'dataRights.outcome', { text: request.outcome })}</p> : null}
    </li>
  );
}
