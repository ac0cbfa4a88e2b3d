import { formatDisplayDate, isMessageKey, parseBirthDate } from '@sen/contract';
import DatePicker from 'antd-mobile/es/components/date-picker';
import Picker from 'antd-mobile/es/components/picker';
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useT } from '../../shared/i18n/use-translation.ts';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';

export interface PickerOption {
  value: string;
  label: string;
}

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  testId: string;
};

/** The localised text of a field's error (a rule's message key, or the server's text). */
function errorTextOf(message: string | undefined, t: ReturnType<typeof useT>['t']): string | null {
  return message ? (isMessageKey(message) ? t(message) : message) : null;
}

/**
 * A choice from a list (gender, education, province ...) in antd-mobile's bottom-sheet Picker. The
 * field is a button showing the choice; its rule's message shows beside it.
 */
export function PickerField<T extends FieldValues>({ control, name, label, placeholder, testId, options, disabled }: FieldProps<T> & { options: PickerOption[]; disabled?: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const {
    field: { value: rawValue, onChange, onBlur, ref: fieldRef },
    fieldState,
  } = useController({ control, name });
  const error = errorTextOf(fieldState.error?.message, t);
  const value = typeof rawValue === 'string' ? rawValue : '';
  const chosen = options.find((option) => option.value === value);
  const id = `${String(name)}-picker`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        type="button"
        id={id}
        ref={fieldRef}
        className="field__control picker-field"
        aria-labelledby={`${id}-label ${id}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        <span className={chosen ? 'picker-field__value' : 'picker-field__placeholder'}>{chosen?.label ?? placeholder}</span>
        <ChevronRightIcon className="menu-row__chevron" />
      </button>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <Picker
        columns={[options]}
        visible={open}
        value={value ? [value] : []}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => {
          const next = picked[0];
          if (next !== undefined && next !== null) onChange(String(next));
          onBlur();
        }}
      />
    </div>
  );
}

const MIN_BIRTH = new Date(1940, 0, 1);

/**
 * The birth date: typed as DD-MM-YYYY (or MM/DD/YYYY, the spec's two formats), or picked in
 * antd-mobile's DatePicker, which writes DD-MM-YYYY.
 */
export function DateField<T extends FieldValues>({ control, name, label, placeholder, testId }: FieldProps<T>) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const { field, fieldState } = useController({ control, name });
  const error = errorTextOf(fieldState.error?.message, t);
  const value = typeof field.value === 'string' ? field.value : '';
  const parsed = parseBirthDate(value);
  return (
    <>
      <TextField
        id={String(name)}
        name={field.name}
        label={label}
        value={value}
        inputMode="numeric"
        maxLength={10}
        placeholder={placeholder}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={error}
        data-testid={testId}
        suffix={
          <button type="button" className="field-button" onClick={() => setOpen(true)} data-testid={`${testId}-picker`}>
            {t('certification.pick')}
          </button>
        }
      />
      <DatePicker
        visible={open}
        title={label}
        precision="day"
        min={MIN_BIRTH}
        max={new Date()}
        defaultValue={parsed ? new Date(parsed.year, parsed.month - 1, parsed.day) : new Date(1995, 0, 1)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        onConfirm={(date) => {
          field.onChange(formatDisplayDate({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }));
          field.onBlur();
        }}
      />
    </>
  );
}
