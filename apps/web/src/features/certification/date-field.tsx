import { formatDisplayDate, parseBirthDate } from '@sen/contract';
import DatePicker from 'antd-mobile/es/components/date-picker';
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useFieldErrorText } from '../../shared/forms/field-error.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { TextField } from '../../shared/ui/text-field.tsx';

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  testId: string;
};

const MIN_BIRTH = new Date(1940, 0, 1);

/**
 * The birth date: typed as DD-MM-YYYY (or MM/DD/YYYY, the spec's two formats), or picked in
 * antd-mobile's DatePicker, which writes DD-MM-YYYY.
 */
export function DateField<T extends FieldValues>({ control, name, label, placeholder, testId }: FieldProps<T>) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const { field, fieldState } = useController({ control, name });
  const error = useFieldErrorText(fieldState.error?.message);
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
