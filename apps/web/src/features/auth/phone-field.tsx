import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { useT } from '../../shared/i18n/use-translation.ts';

/** The Vietnamese phone field of the sign-in forms: digits only, at most 10, the phone keypad. */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  id,
  readOnly,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  readOnly?: boolean;
}) {
  const { t } = useT();
  return (
    <FormTextField
      control={control}
      name={name}
      id={id}
      label={t('login.phone.label')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      placeholder={t('login.phone.placeholder')}
      normalize={digitsOnly}
      readOnly={readOnly}
      data-testid="phone-input"
    />
  );
}
