import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { PasswordField } from '../ui/password-field.tsx';
import { TextField, type TextFieldProps } from '../ui/text-field.tsx';
import { useFieldErrorText } from './field-error.ts';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'id'> & {
  control: Control<T>;
  name: Path<T>;
  id?: string;
  /** Cleans what is typed (e.g. digits only) before it reaches the form. */
  normalize?: (value: string) => string;
  /** How the form's value is shown (e.g. an amount with thousands separators); the form keeps it as normalised. */
  format?: (value: string) => string;
};

/** A TextField (or PasswordField for type="password") bound to a react-hook-form field; shows its error beside it. */
export function FormTextField<T extends FieldValues>({ control, name, id, normalize, format, type, ...rest }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const error = useFieldErrorText(fieldState.error?.message);
  const props = {
    ...rest,
    id: id ?? String(name),
    name: field.name,
    value: typeof field.value === 'string' ? (format ? format(field.value) : field.value) : '',
    onChange: (value: string) => field.onChange(normalize ? normalize(value) : value),
    onBlur: field.onBlur,
    inputRef: field.ref,
    error,
  };
  return type === 'password' ? <PasswordField {...props} /> : <TextField {...props} type={type} />;
}

export const digitsOnly = (value: string) => value.replace(/[^\d]/g, '');
