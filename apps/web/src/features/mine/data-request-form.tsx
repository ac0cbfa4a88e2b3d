import {
  CONSENT_PURPOSES,
  DATA_REQUEST_DETAILS_MAX,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_KINDS_NEEDING_DETAILS,
  fileDataRequestSchema,
  isMessageKey,
  type ConsentPurpose,
  type DataRequestKind,
  type DataRequestView,
} from '@sen/contract';
import { useId, useState } from 'react';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { recordConsentChoice } from '../../shared/tracking/consent.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useFileDataRequest } from './mine-api.ts';

type Field = 'kind' | 'consent' | 'details';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * A new data-subject request (decision 116): the kind, the consent when withdrawing one, and the
 * details, checked by the contract's own schema before anything is sent. Withdrawing a consent
 * states its consequence and asks to confirm first; the server's refusal (one open request per
 * kind) is shown in place.
 */
export function DataRequestForm({ onFiled }: { onFiled: (request: DataRequestView) => void }) {
  const { t } = useT();
  const id = useId();
  const file = useFileDataRequest();
  const [kind, setKind] = useState<DataRequestKind | null>(null);
  const [consent, setConsent] = useState<ConsentPurpose | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const input = () => ({ kind: kind ?? undefined, details, ...(kind === 'withdraw_consent' && consent ? { consent } : {}) });

  const check = (): boolean => {
    const parsed = fileDataRequestSchema.safeParse(input());
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const found: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      if (found[field]) continue;
      found[field] = isMessageKey(issue.message) ? t(issue.message) : t(field === 'kind' ? 'validation.select' : 'validation.required');
    }
    setErrors(found);
    return false;
  };

  const send = () => {
    setRefusal(null);
    file.mutate(input() as Parameters<typeof file.mutate>[0], {
      onSuccess: (request) => {
        setConfirming(false);
        // Tracking is stopped (or allowed) on this device too: the app is its gate (decision 066).
        if (request.consent === 'tracking') recordConsentChoice(false);
        setKind(null);
        setConsent(null);
        setDetails('');
        onFiled(request);
      },
      onError: (error) => {
        setConfirming(false);
        setRefusal(errorText(error));
      },
    });
  };

  const submit = () => {
    if (!check()) return;
    if (kind === 'withdraw_consent') setConfirming(true);
    else send();
  };

  const needsDetails = kind !== null && DATA_REQUEST_KINDS_NEEDING_DETAILS.includes(kind);

  return (
    <form
      className="data-request-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="data-request-form"
    >
      <fieldset className="mine-reasons" aria-describedby={errors.kind ? `${id}-kind-error` : undefined} aria-invalid={errors.kind ? true : undefined}>
        <legend className="mine-reasons__legend">{t('dataRights.form.kind')}</legend>
        {DATA_REQUEST_KINDS.map((option) => (
          <label key={option} className={`mine-reason data-request-kind${kind === option ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setErrors({});
                setRefusal(null);
              }}
              data-testid={`data-kind-${option}`}
            />
            <span>
              <span className="data-request-kind__label">{t(`dataRights.kind.${option}`)}</span>
              <span className="data-request-kind__hint">{t(`dataRights.kindHint.${option}`)}</span>
            </span>
          </label>
        ))}
        {errors.kind ? (
          <p className="field__error" id={`${id}-kind-error`} role="alert">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>

      {kind === 'withdraw_consent' ? (
        <fieldset className="mine-reasons" aria-describedby={errors.consent ? `${id}-consent-error` : undefined} aria-invalid={errors.consent ? true : undefined}>
          <legend className="mine-reasons__legend">{t('dataRights.form.consent')}</legend>
          {CONSENT_PURPOSES.map((option) => (
            <label key={option} className={`mine-reason data-request-kind${consent === option ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name={`${id}-consent`}
                value={option}
                checked={consent === option}
                onChange={() => {
                  setConsent(option);
                  setErrors((current) => ({ ...current, consent: undefined }));
                }}
                data-testid={`data-consent-${option}`}
              />
              <span>
                <span className="data-request-kind__label">{t(`dataRights.consent.${option}`)}</span>
                <span className="data-request-kind__hint">{t(`dataRights.consequence.${option}`)}</span>
              </span>
            </label>
          ))}
          {errors.consent ? (
            <p className="field__error" id={`${id}-consent-error`} role="alert">
              {errors.consent}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <div className={`field${errors.details ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-details`}>
          {t(needsDetails ? 'dataRights.form.details' : 'dataRights.form.detailsOptional')}
        </label>
        <textarea
          id={`${id}-details`}
          className="mine-textarea"
          rows={4}
          maxLength={DATA_REQUEST_DETAILS_MAX + 100}
          value={details}
          placeholder={t('dataRights.form.detailsPlaceholder')}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? `${id}-details-error` : undefined}
          onChange={(event) => {
            setDetails(event.target.value);
            if (errors.details) setErrors((current) => ({ ...current, details: undefined }));
          }}
          data-testid="data-details"
        />
        <p className="mine-textarea__count">
          {details.trim().length}/{DATA_REQUEST_DETAILS_MAX}
        </p>
        {errors.details ? (
          <p className="field__error" id={`${id}-details-error`} role="alert" data-testid="data-details-error">
            {errors.details}
          </p>
        ) : null}
      </div>

      {refusal ? (
        <p className="mine-refusal" role="alert" data-testid="data-request-refusal">
          {refusal}
        </p>
      ) : null}

      <Button block type="submit" color="primary" shape="rounded" size="large" loading={file.isPending && !confirming} data-testid="data-request-submit">
        {t('dataRights.form.submit')}
      </Button>

      <Modal
        visible={confirming}
        onClose={() => setConfirming(false)}
        title={t('dataRights.confirm.title')}
        data-testid="data-withdraw-modal"
        footer={
          <>
            <Button block shape="rounded" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button block color="danger" shape="rounded" loading={file.isPending} onClick={send} data-testid="data-withdraw-confirm">
              {t('dataRights.confirm.ok')}
            </Button>
          </>
        }
      >
        {consent ? (
          <>
            <p className="mine-modal-text">{t('dataRights.confirm.text', { consent: t(`dataRights.consent.${consent}`) })}</p>
            <p className="mine-modal-text data-withdraw-consequence" data-testid="data-withdraw-consequence">
              {t(`dataRights.consequence.${consent}`)}
            </p>
          </>
        ) : null}
      </Modal>
    </form>
  );
}
