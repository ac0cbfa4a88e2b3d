import { useState } from 'react';
import { useT } from '../i18n/use-translation.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password TextField with a show/hide control (a 44 px button that says what it will do). */
export function PasswordField({ suffix, ...props }: Omit<TextFieldProps, 'type'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      suffix={
        <>
          <button
            type="button"
            className="field__reveal"
            aria-label={visible ? t('field.password.hide') : t('field.password.show')}
            aria-pressed={visible}
            aria-controls={props.id}
            data-testid={`${props.id}-reveal`}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
          {suffix}
        </>
      }
    />
  );
}
