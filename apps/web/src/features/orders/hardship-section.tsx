import { BORROWER_ERRORS, HARDSHIP_NOTE_MAX, HARDSHIP_REASONS, OTP_RESEND_SECONDS, type HardshipReason, type RestructureOfferView } from '@sen/contract';
import { useState } from 'react';
import { FormPickerField } from '../../shared/forms/form-picker-field.tsx';
import { FormTextArea } from '../../shared/forms/form-text-area.tsx';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { displayDate, formatApr, groupDigits, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { SigningCodeStep, type SigningCodeProblem } from '../borrow/index.ts';
import { sendRestructureCode, useAskForHelp, useHardship, useRestructureAnswer } from './hardship-api.ts';
import type { HardshipForm } from './hardship-form-schema.ts';

const loadSchema = () => import('./hardship-form-schema.ts').then((module) => module.hardshipFormSchema);

const REASON_LABELS = {
  income_loss: 'hardship.reason.income_loss',
  illness: 'hardship.reason.illness',
  family: 'hardship.reason.family',
  business: 'hardship.reason.business',
  other: 'hardship.reason.other',
} as const satisfies Record<HardshipReason, string>;

const CODE_PROBLEMS = new Map<number, SigningCodeProblem>([
  [BORROWER_ERRORS.OTP_INCORRECT.code, 'incorrect'],
  [BORROWER_ERRORS.OTP_EXPIRED.code, 'expired'],
  [BORROWER_ERRORS.OTP_LOCKED.code, 'locked'],
]);

/**
 * The borrower's request for help (decision 117): a reason, a few words and what they can pay a
 * month, in whole VND (grouped as typed, as the salary field is; the form keeps the digits), each
 * checked with the contract's rule and its message.
 */
export function HardshipRequestForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t, language } = useT();
  const form = useZodForm<HardshipForm>(loadSchema, { reason: '' as HardshipReason, note: '', monthlyAmount: '' });
  const ask = useAskForHelp(orderId);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await ask.mutateAsync({ orderId, reason: values.reason, note: values.note.trim(), monthlyAmount: Number(values.monthlyAmount) });
      showToast(t('hardship.sent'));
      onDone();
    } catch (error) {
      showToast(errorText(error));
    }
  });
  return (
    <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="hardship-form" {...form.formProps}>
      <FormPickerField
        control={form.control}
        name="reason"
        label={t('hardship.reason')}
        placeholder={t('hardship.reason.placeholder')}
        options={HARDSHIP_REASONS.map((reason) => ({ value: reason, label: t(REASON_LABELS[reason]) }))}
        data-testid="hardship-reason"
      />
      <FormTextArea control={form.control} name="note" label={t('hardship.note')} placeholder={t('hardship.note.placeholder')} maxLength={HARDSHIP_NOTE_MAX} data-testid="hardship-note" />
      <FormTextField
        control={form.control}
        name="monthlyAmount"
        label={t('hardship.amount')}
        placeholder={t('hardship.amount.placeholder')}
        inputMode="numeric"
        normalize={digitsOnly}
        format={(value) => groupDigits(value, language)}
        suffix="₫"
        data-testid="hardship-amount"
      />
      <Button block color="primary" shape="rounded" size="large" type="submit" loading={ask.isPending} data-testid="hardship-submit">
        {t('hardship.submit')}
      </Button>
    </form>
  );
}

/** The approved offer: the new schedule with its full cost and APR, to accept (signing with the SMS code) or decline. */
export function RestructureReview({ orderId, offer }: { orderId: number; offer: RestructureOfferView }) {
  const { t, language } = useT();
  const { accept, decline } = useRestructureAnswer(orderId);
  const [signing, setSigning] = useState<{ phoneMasked: string; resendAfterSeconds: number } | null>(null);
  const [problem, setProblem] = useState<SigningCodeProblem>(null);
  const [asking, setAsking] = useState(false);
  const { plan } = offer;
  const date = (iso: string) => displayDate(iso, iso, language);
  const waived = plan.waived.overdueFee + plan.waived.interest;

  const askCode = async (): Promise<number | null> => {
    try {
      const sent = await sendRestructureCode(offer.id);
      setSigning({ phoneMasked: sent.phoneMasked, resendAfterSeconds: sent.resendAfterSeconds });
      return sent.resendAfterSeconds;
    } catch (error) {
      if (isRequestError(error) && error.code === BORROWER_ERRORS.OTP_TOO_SOON.code) {
        // A code for this offer was sent moments ago (the borrower went Back and returned): it
        // still signs, so the step opens for it, with the wait before another (as when borrowing).
        const wait = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
        const seconds = typeof wait === 'number' && wait > 0 ? wait : OTP_RESEND_SECONDS;
        setSigning((current) => current ?? { phoneMasked: '', resendAfterSeconds: seconds });
        return seconds;
      }
      showToast(errorText(error));
      return null;
    }
  };
  const start = async () => {
    setAsking(true);
    try {
      await askCode();
    } finally {
      setAsking(false);
    }
  };
  const confirm = async (code: string) => {
    setProblem(null);
    try {
      await accept.mutateAsync({ offerId: offer.id, totalRepayable: plan.totalRepayable, signCode: code });
      showToast(t('restructure.accepted'));
    } catch (error) {
      const found = isRequestError(error) && error.code !== null ? CODE_PROBLEMS.get(error.code) : undefined;
      if (found) setProblem(found);
      else {
        setSigning(null);
        showToast(errorText(error));
      }
    }
  };
  const onDecline = async () => {
    try {
      await decline.mutateAsync(offer.id);
      showToast(t('restructure.declined'));
    } catch (error) {
      showToast(errorText(error));
    }
  };

  return (
    <section className="order-card restructure" aria-labelledby="restructure-title" data-testid="restructure-offer">
      <h2 id="restructure-title" className="order-card__title">
        {t('restructure.title')}
      </h2>
      <p>{t('restructure.intro', { count: offer.planNums, days: offer.periodDays, date: date(offer.expiresAt.slice(0, 10)) })}</p>
      <table className="restructure__plan" data-testid="restructure-plan">
        <thead>
          <tr>
            <th scope="col">{t('restructure.col.due')}</th>
            <th scope="col">{t('restructure.col.principal')}</th>
            <th scope="col">{t('restructure.col.interestFees')}</th>
            <th scope="col">{t('restructure.col.total')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.instalments.map((row) => (
            <tr key={row.planPart}>
              <td>{date(row.dueDate)}</td>
              <td>{money(row.principal, language)}</td>
              <td>{money(row.interest + row.fee + row.overdueFee, language)}</td>
              <td>{money(row.total, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-facts" data-testid="restructure-cost">
        <div>
          <dt>{t('restructure.owedNow')}</dt>
          <dd>{money(plan.closed.principal + plan.closed.interest + plan.closed.fee + plan.closed.overdueFee, language)}</dd>
        </div>
        {waived > 0 ? (
          <div>
            <dt>{t('restructure.waived')}</dt>
            <dd data-testid="restructure-waived">{money(waived, language)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('restructure.newInterest')}</dt>
          <dd>{money(plan.newInterest, language)}</dd>
        </div>
        <div>
          <dt>{t('borrow.cost.costOfCredit')}</dt>
          <dd>{money(plan.costOfCredit, language)}</dd>
        </div>
        <div>
          <dt>{t('borrow.cost.total')}</dt>
          <dd data-testid="restructure-total">{money(plan.totalRepayable, language)}</dd>
        </div>
        <div>
          <dt>{t('borrow.cost.apr')}</dt>
          <dd data-testid="restructure-apr">{t('borrow.cost.aprValue', { apr: formatApr(plan.aprPercent, language) })}</dd>
        </div>
      </dl>
      <p className="restructure__note">{t('restructure.watchNote')}</p>
      {signing ? (
        <SigningCodeStep purpose="restructure" phoneMasked={signing.phoneMasked} resendAfterSeconds={signing.resendAfterSeconds} problem={problem} busy={accept.isPending} onResend={askCode} onConfirm={(code) => void confirm(code)} />
      ) : (
        <div className="stack">
          <Button block color="primary" shape="rounded" size="large" loading={asking} onClick={() => void start()} data-testid="restructure-accept">
            {t('restructure.accept')}
          </Button>
          <Button block shape="rounded" loading={decline.isPending} onClick={() => void onDecline()} data-testid="restructure-decline">
            {t('restructure.decline')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The order page's hardship section: ask for help, the request's state, the offer, or the restructure. */
export function HardshipSection({ orderId, enabled }: { orderId: number; enabled: boolean }) {
  const { t, language } = useT();
  const hardship = useHardship(orderId, enabled);
  const [asking, setAsking] = useState(false);
  const view = hardship.data;
  if (!view) return null;
  const date = (iso: string) => displayDate(iso, iso, language);
  if (view.restructured) {
    return (
      <section className="order-notice" role="status" data-testid="order-restructured">
        <div>
          <strong>{t('restructure.done.title')}</strong>
          <p>{t('restructure.done.text', { date: date(view.restructured.on), watchUntil: date(view.restructured.watchUntil) })}</p>
        </div>
      </section>
    );
  }
  if (view.offer) return <RestructureReview orderId={orderId} offer={view.offer} />;
  if (view.request && (view.request.state === 'open' || view.request.state === 'offered')) {
    return (
      <section className="order-notice order-notice--info" role="status" data-testid="hardship-pending">
        <div>
          <strong>{t('hardship.pending.title')}</strong>
          <p>{t('hardship.pending.text', { amount: money(view.request.monthlyAmount, language) })}</p>
        </div>
      </section>
    );
  }
  if (!view.canAsk) return null;
  return (
    <section className="order-card" aria-labelledby="hardship-title" data-testid="hardship">
      <h2 id="hardship-title" className="order-card__title">
        {t('hardship.title')}
      </h2>
      <p className="hardship__intro">{t('hardship.intro')}</p>
      {asking ? (
        <HardshipRequestForm orderId={orderId} onDone={() => setAsking(false)} />
      ) : (
        <Button block shape="rounded" onClick={() => setAsking(true)} data-testid="hardship-ask">
          {t('hardship.ask')}
        </Button>
      )}
    </section>
  );
}
