import Picker from 'antd-mobile/es/components/picker';
import type { Ref } from 'react';
import { useT } from '../i18n/use-translation.ts';
import { ChevronRightIcon } from './icons.tsx';

export interface PickerOption {
  value: string;
  label: string;
}

export interface PickerFieldProps {
  id: string;
  label: string;
  placeholder: string;
  /** The chosen option's text; null shows the placeholder. */
  valueLabel: string | null;
  /** The localised validation message, shown under the field. */
  error?: string | null;
  onOpen: () => void;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
}

/**
 * A field whose value is chosen in a picker (a list sheet, the bank search): its label, a button
 * showing the choice or the placeholder that opens the picker, and its error beside it. The
 * button is named by the label and the choice ('Gender Male', aria-labelledby of both), so a
 * screen reader hears both.
 */
export function PickerField({ id, label, placeholder, valueLabel, error, onOpen, disabled, buttonRef, 'data-testid': testId }: PickerFieldProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        id={id}
        ref={buttonRef}
        className="field__control picker-field"
        aria-labelledby={`${labelId} ${id}`}
        aria-haspopup="dialog"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onClick={onOpen}
        data-testid={testId}
      >
        <span className={valueLabel ? 'picker-field__value' : 'picker-field__placeholder'}>{valueLabel ?? placeholder}</span>
        <ChevronRightIcon className="picker-field__chevron" aria-hidden="true" />
      </button>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface OptionPickerProps {
  visible: boolean;
  title: string;
  options: PickerOption[];
  value: string;
  onClose: () => void;
  onPick: (value: string) => void;
}

/** antd-mobile's bottom-sheet Picker for a short list (gender, relationship, wallet ...). */
export function OptionPicker({ visible, title, options, value, onClose, onPick }: OptionPickerProps) {
  const { t } = useT();
  return (
    <Picker
      destroyOnClose
      visible={visible}
      title={title}
      columns={[options]}
      value={value ? [value] : []}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onClose={onClose}
      onConfirm={(picked) => {
        const chosen = picked[0];
        if (chosen !== undefined && chosen !== null) onPick(String(chosen));
      }}
    />
  );
}
