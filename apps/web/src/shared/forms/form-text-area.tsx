import type { Ref } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from './field-error.ts';
import './form-text-area.css';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  maxLength: number;
  rows?: number;
  'data-testid'?: string;
}

/**
 * A labelled multi-line field bound to a react-hook-form field, for free text of some length (a
 * one-line input hid most of a 500-character situation): its error linked by aria-describedby, the
 * characters used under it. Kept apart from TextField so the first route does not carry it.
 */
export function FormTextArea<T extends FieldValues>({ control, name, label, placeholder, maxLength, rows = 4, 'data-testid': testId }: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  const error = useFieldErrorText(fieldState.error?.message);
  const props = {
    id: String(name),
    name: field.name,
    label,
    placeholder,
    maxLength,
    rows,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (value: string) => field.onChange(value),
    onBlur: field.onBlur,
    inputRef: field.ref,
    error,
    testId,
  };
  return <TextAreaField {...props} />;
}

interface TextAreaFieldProps {
  id: string;
  name: string;
  label: string;
  placeholder: string | undefined;
  maxLength: number;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLTextAreaElement>;
  error: string | null;
  testId: string | undefined;
}

function TextAreaField({ id, name, label, placeholder, maxLength, rows, value, onChange, onBlur, inputRef, error, testId }: TextAreaFieldProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <textarea
          id={id}
          name={name}
          ref={inputRef}
          className="field__input field__input--multiline"
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholder}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          data-testid={testId}
        />
      </div>
      <p className="field__count" aria-hidden="true">
        {value.length}/{maxLength}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
