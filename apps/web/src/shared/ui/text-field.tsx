import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The localised validation message, shown under the field. */
  error?: string | null;
  suffix?: ReactNode;
  /** A line under the field that stays while typing (e.g. the password rule); errors show above it. */
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

/** A labelled input with its error text linked by aria-describedby. */
export function TextField({ id, label, value, onChange, error, suffix, hint, inputRef, className, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...inputProps}
          id={id}
          ref={inputRef}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {suffix ? <div className="field__suffix">{suffix}</div> : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
