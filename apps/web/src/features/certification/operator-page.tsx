import { OPERATORS, maskPhone, type OperatorCompany, type PersonalInfo } from '@sen/contract';
import { useState, type ReactNode } from 'react';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { errorText, placeServerError } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { refreshAuthStatus, useCountdown } from '../auth/index.ts';
import { operatorFinish, operatorSecond, operatorStart, usePersonalInfo } from './certification-api.ts';
import { continueBatch } from './continue-batch.ts';
import type { OperatorCodeForm } from './form-schemas.ts';
import { StepLayout } from './step-layout.tsx';

const loadSchema = () => import('./form-schemas.ts').then((module) => module.operatorCodeFormSchema);

type Stage = { kind: 'choose' } | { kind: 'code'; step: 1 | 2; codeLength: number; finishes: boolean };

/**
 * Operator verification (the TELECOM item): choose the operator, enter the code it sends (4 or 6
 * digits), and for every operator but Vietnamobile a second code. Resend after the countdown.
 * In the batch at /authentication/batch/operator-information; the verified operator is shown at
 * /authentication/info/operator-information, where it can be verified again.
 */
export function OperatorPage({ mode }: { mode: 'batch' | 'info' }) {
  const { t, language } = useT();
  const phone = useSessionStore((state) => state.user?.phone ?? '');
  const info = usePersonalInfo();
  const [company, setCompany] = useState<OperatorCompany | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [reverify, setReverify] = useState(false);
  const countdown = useCountdown();
  const form = useZodForm<OperatorCodeForm>(loadSchema, { otp: '' });
  const [sending, setSending] = useState(false);

  const focusCode = () => window.setTimeout(() => document.getElementById('operator-otp')?.focus(), 0);

  const sendFirst = async () => {
    if (!company) return;
    setSending(true);
    try {
      const sent = await operatorStart(company);
      countdown.start(sent.resendAfterSeconds);
      form.reset({ otp: '' });
      setStage({ kind: 'code', step: 1, codeLength: sent.codeLength, finishes: sent.next === 'three' });
      showToast(t('operator.codeSent'));
      focusCode();
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setSending(false);
    }
  };

  const resend = async () => {
    if (!company || stage.kind !== 'code') return;
    if (stage.step === 1) return sendFirst();
    setSending(true);
    try {
      const sent = await operatorSecond(company);
      countdown.start(sent.resendAfterSeconds);
      showToast(t('operator.codeSent'));
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setSending(false);
    }
  };

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    if (!company || stage.kind !== 'code') return;
    try {
      if (!stage.finishes) {
        const sent = await operatorSecond(company, otp);
        countdown.start(sent.resendAfterSeconds);
        form.reset({ otp: '' });
        setStage({ kind: 'code', step: 2, codeLength: sent.codeLength, finishes: true });
        showToast(t('operator.secondSent'));
        focusCode();
        return;
      }
      await operatorFinish(company, otp);
      if (mode === 'batch') return await continueBatch();
      await refreshAuthStatus();
      showToast(t('certification.saved'));
      setReverify(false);
      setStage({ kind: 'choose' });
    } catch (error) {
      if (!placeServerError(form, error, { otp: 'otp' })) showToast(errorText(error));
    }
  });

  const title = t('page.operatorInformation');
  /** The step once the saved data is there: the verified operator (info), the choice, or the codes. */
  const step = (personal: PersonalInfo): ReactNode => {
    if (mode === 'info' && personal.telecom && !reverify) {
      return (
        <div className="stack" data-testid="operator-summary">
          <dl className="review-list">
            <div>
              <dt>{t('operator.label')}</dt>
              <dd data-testid="operator-verified-name">{personal.telecom}</dd>
            </div>
            <div>
              <dt>{t('operator.phone')}</dt>
              <dd>{personal.telecomPhone ? maskPhone(personal.telecomPhone) : '-'}</dd>
            </div>
            <div>
              <dt>{t('certification.state')}</dt>
              <dd className="status-done">{t('certification.status.done')}</dd>
            </div>
          </dl>
          <Button block shape="rounded" size="large" onClick={() => setReverify(true)} data-testid="operator-reverify">
            {t('operator.reverify')}
          </Button>
        </div>
      );
    }

    if (stage.kind === 'choose') {
      return (
        <div className="stack">
          <p className="form-page__hint">{t('operator.hint', { phone: phone ? maskPhone(phone) : '' })}</p>
          <fieldset className="choice-list">
            <legend className="field__label">{t('operator.choose')}</legend>
            {OPERATORS.map((operator) => (
              <label key={operator.company} className={`choice${company === operator.company ? ' choice--selected' : ''}`}>
                <input type="radio" name="operator" value={operator.company} checked={company === operator.company} onChange={() => setCompany(operator.company)} data-testid={`operator-${operator.company}`} />
                <span>{operator.label[language]}</span>
              </label>
            ))}
          </fieldset>
          <Button block color="primary" shape="rounded" size="large" disabled={!company} loading={sending} onClick={() => void sendFirst()} data-testid="operator-send">
            {t('operator.send')}
          </Button>
        </div>
      );
    }

    return (
      <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
        <p className="form-page__hint" data-testid="operator-code-hint">
          {t(stage.step === 1 ? 'operator.firstCode' : 'operator.secondCode', { digits: stage.codeLength, operator: OPERATORS.find((entry) => entry.company === company)?.name ?? '' })}
        </p>
        <FormTextField
          control={form.control}
          name="otp"
          id="operator-otp"
          label={t('operator.code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('operator.code.placeholder')}
          normalize={digitsOnly}
          data-testid="operator-otp"
          suffix={
            <Button size="small" color="primary" fill="none" className="otp-get-button" type="button" disabled={countdown.counting} loading={sending} onClick={() => void resend()} data-testid="operator-resend" aria-live="polite">
              {countdown.counting ? t('login.otp.countdown', { seconds: countdown.remaining }) : t('operator.resend')}
            </Button>
          }
        />
        <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="operator-submit">
          {t('certification.confirm')}
        </Button>
        <button type="button" className="link-button" onClick={() => setStage({ kind: 'choose' })} data-testid="operator-change">
          {t('operator.change')}
        </button>
      </form>
    );
  };

  return (
    <StepLayout title={title} batch={mode === 'batch'} testId="operator-page">
      <QueryView query={info} size="section" errorTitle={t('certification.loadFailed')} retryTestId="retry-button">
        {step}
      </QueryView>
    </StepLayout>
  );
}

export function OperatorBatchPage() {
  return <OperatorPage mode="batch" />;
}

export function OperatorInfoPage() {
  return <OperatorPage mode="info" />;
}
