import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { useOtpSender } from './use-otp-sender.ts';

/** The 4-digit code field with its GET button and 60 s countdown; focus moves to it once a code is sent. */
export function OtpField<T extends FieldValues>({
  control,
  name,
  id,
  phone,
  onSent,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  phone: string;
  onSent?: () => void;
}) {
  const { t } = useT();
  // Once a code is sent, focus moves to this field (after the re-render that starts the countdown).
  const sender = useOtpSender(phone, () => {
    onSent?.();
    window.setTimeout(() => document.getElementById(id)?.focus(), 0);
  });
  return (
    <FormTextField
      control={control}
      name={name}
      id={id}
      label={t('login.otp.label')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={4}
      placeholder={t('login.otp.placeholder')}
      normalize={digitsOnly}
      data-testid="otp-input"
      suffix={
        <Button
          size="small"
          color="primary"
          fill="none"
          className="otp-get-button"
          disabled={sender.disabled}
          loading={sender.sending}
          // Not the button's own promise tracking: the sender's state is the one source of "busy".
          onClick={() => {
            void sender.send();
          }}
          data-testid="get-otp-button"
          type="button"
          aria-live="polite"
        >
          {sender.label}
        </Button>
      }
    />
  );
}
