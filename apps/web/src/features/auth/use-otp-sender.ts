import { BORROWER_ERRORS, OTP_RESEND_SECONDS } from '@sen/contract';
import { isPhoneValid } from '../../shared/forms/phone-check.ts';
import { useCallback, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { showToast } from '../../shared/ui/toast.ts';
import { sendLoginCode } from './auth-api.ts';
import { useCountdown } from './use-countdown.ts';

function retryAfterSeconds(data: unknown): number {
  const value = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : OTP_RESEND_SECONDS;
}

/**
 * The GET button's state: sends a code to the phone, then counts down (60 s, or what the server
 * says). GET is enabled exactly when the phone is valid, no send is in flight and no countdown
 * runs: one source for each, so the end of the countdown always re-enables it.
 */
export function useOtpSender(phone: string, onSent?: () => void) {
  const { t } = useT();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  // phoneSchema's rule without zod, which the form loads only when it validates.
  const phoneValid = isPhoneValid(phone);
  const disabled = !phoneValid || sending || countdown.counting;

  const send = useCallback(async () => {
    if (inFlight.current || countdown.counting || !phoneValid) return;
    inFlight.current = true;
    setSending(true);
    try {
      countdown.start(await sendLoginCode(phone));
      showToast(t('login.otp.sent'));
      onSent?.();
    } catch (error) {
      // The request layer showed the server's message; a too-early resend still starts the countdown.
      if (isRequestError(error) && error.code === BORROWER_ERRORS.OTP_TOO_SOON.code) countdown.start(retryAfterSeconds(error.data));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [countdown, onSent, phone, phoneValid, t]);

  const label = countdown.counting ? t('login.otp.countdown', { seconds: countdown.remaining }) : t('login.otp.get');
  return { send, sending, disabled, label, counting: countdown.counting };
}
