import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { useT } from '../../shared/i18n/use-translation.ts';

/** The new password and its confirmation; the rule stays visible under the first while typing. */
export function PasswordPairFields<T extends FieldValues & { password: string; confirmPassword: string }>({
  control,
  idPrefix,
  testIdPrefix,
}: {
  control: Control<T>;
  idPrefix: string;
  testIdPrefix: string;
}) {
  const { t } = useT();
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as Path<T>}
        id={idPrefix}
        label={t('createPassword.password.label')}
        type="password"
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('createPassword.password.placeholder')}
        hint={t('field.password.rule')}
        data-testid={`${testIdPrefix}-input`}
      />
      <FormTextField
        control={control}
        name={'confirmPassword' as Path<T>}
        id={`${idPrefix}-confirm`}
        label={t('createPassword.confirm.label')}
        type="password"
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('createPassword.confirm.placeholder')}
        data-testid={`${testIdPrefix}-confirm-input`}
      />
    </>
  );
}
