import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { OptionPicker, PickerField, type PickerOption } from '../ui/picker-field.tsx';
import { useFieldErrorText } from './field-error.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  /** The button's id (its error's is `${id}-error`); by default `${name}-picker`. */
  id?: string;
  label: string;
  placeholder: string;
  options: PickerOption[];
  disabled?: boolean;
  'data-testid'?: string;
}

/** A choice from a short list (gender, province, relationship, wallet ...) bound to a react-hook-form field; its rule's message shows beside it. */
export function FormPickerField<T extends FieldValues>({ control, name, id, label, placeholder, options, disabled, 'data-testid': testId }: Props<T>) {
  const [open, setOpen] = useState(false);
  const { field, fieldState } = useController({ control, name });
  const error = useFieldErrorText(fieldState.error?.message);
  const value = field.value === null || field.value === undefined ? '' : String(field.value);
  return (
    <>
      <PickerField
        id={id ?? `${String(name)}-picker`}
        label={label}
        placeholder={placeholder}
        valueLabel={options.find((option) => option.value === value)?.label ?? null}
        error={error}
        disabled={disabled}
        buttonRef={field.ref}
        onOpen={() => setOpen(true)}
        data-testid={testId}
      />
      <OptionPicker
        visible={open}
        title={label}
        options={options}
        value={value}
        onClose={() => setOpen(false)}
        onPick={(picked) => {
          field.onChange(picked);
          field.onBlur();
        }}
      />
    </>
  );
}
