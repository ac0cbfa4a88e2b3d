import { useEffect, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { useCountdown } from '../auth/index.ts';
import './signing-code.css';

/** Why the code was not accepted (the server's OTP refusals), shown under the field. */
export type SigningCodeProblem = 'incorrect' | 'expired' | 'locked' | null;

const DIGITS = 4;

/**
 * The code that signs the agreements (decision 112): sent by SMS to the borrower's phone when they
 * tap "Sign and borrow", typed here (4 digits, as at sign-in), with a resend countdown and the
 * server's refusal (wrong, expired, too many tries) under the field. Confirming commits the loan.
 */
export function SigningCodeStep({
  phoneMasked,
  resendAfterSeconds,
  problem,
  busy,
  onResend,
  onConfirm,
  purpose = 'borrow',
}: {
  phoneMasked: string;
  /** Seconds before another code may be asked for, counted from when this step shows (or a resend). */
  resendAfterSeconds: number;
  problem: SigningCodeProblem;
  busy: boolean;
  /** Asks for a new code; resolves to the seconds before the next one, or null when none was sent. */
  onResend: () => Promise<number | null>;
  onConfirm: (code: string) => void;
  /** What the code signs: a loan's agreements, or a restructure offer (its words said 'Sign and borrow' there). */
  purpose?: 'borrow' | 'restructure';
}) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [resending, setResending] = useState(false);
  const countdown = useCountdown();
  const input = useRef<HTMLInputElement>(null);
  const { start } = countdown;

  useEffect(() => {
    start(resendAfterSeconds);
    input.current?.focus();
  }, [resendAfterSeconds, start]);
  // A refused code is cleared for the next try (state adjusted while rendering, when the refusal changes).
  const [shownProblem, setShownProblem] = useState(problem);
  if (problem !== shownProblem) {
    setShownProblem(problem);
    if (problem) setCode('');
  }

  const resend = async () => {
    setResending(true);
    try {
      const seconds = await onResend();
      if (seconds !== null) {
        countdown.start(seconds);
        setCode('');
        input.current?.focus();
      }
    } finally {
      setResending(false);
    }
  };

  const problemText = problem === 'incorrect' ? t('borrow.code.incorrect') : problem === 'expired' ? t('borrow.code.expired') : problem === 'locked' ? t('borrow.code.locked') : null;
  return (
    <section className="borrow-card signing-code" aria-labelledby="signing-code-title" data-testid="signing-code-step">
      <h2 id="signing-code-title" className="borrow-card__title signing-code__title">
        {t('borrow.code.title')}
      </h2>
      <p className="signing-code__sent" aria-live="polite" data-testid="signing-code-sent">
        {phoneMasked ? t(purpose === 'restructure' ? 'restructure.code.sent' : 'borrow.code.sent', { phone: phoneMasked }) : t('borrow.code.sentEarlier')}
      </p>
      <TextField
        id="signing-code"
        label={t('borrow.code.label')}
        value={code}
        onChange={(value) => setCode(value.replace(/\D/g, '').slice(0, DIGITS))}
        inputRef={input}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={DIGITS}
        placeholder={t('login.otp.placeholder')}
        error={problemText}
        className="signing-code__field"
        data-testid="signing-code-input"
        suffix={
          <Button
            size="small"
            color="primary"
            fill="none"
            className="signing-code__resend"
            type="button"
            disabled={countdown.counting || resending || busy}
            loading={resending}
            onClick={() => {
              void resend();
            }}
            aria-live="polite"
            data-testid="signing-code-resend"
          >
            {countdown.counting ? t('borrow.code.resendIn', { seconds: countdown.remaining }) : t('borrow.code.resend')}
          </Button>
        }
      />
      <Button block color="primary" shape="rounded" size="large" disabled={code.length !== DIGITS || busy} loading={busy} onClick={() => onConfirm(code)} data-testid="signing-code-confirm">
        {t(purpose === 'restructure' ? 'restructure.code.confirm' : 'borrow.code.confirm')}
      </Button>
    </section>
  );
}
