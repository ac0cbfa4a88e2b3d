import { fireEvent, render, screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { digitsValue, groupDigits } from '../i18n/format.ts';
import { FormTextField, digitsOnly } from './form-text-field.tsx';

/* An amount typed with thousands separators (issue 25 item 8: the salary): shown grouped in the
 * language's way, kept by the form as digits. */
function Salary({ language, onValue }: { language: 'vn' | 'en'; onValue: (value: string) => void }) {
  const form = useForm<{ salary: string }>({ defaultValues: { salary: '' } });
  onValue(useWatch({ control: form.control, name: 'salary' }));
  return <FormTextField control={form.control} name="salary" label="Salary" normalize={(value) => digitsOnly(value).slice(0, 12)} format={(value) => groupDigits(value, language)} />;
}

describe('FormTextField with a format', () => {
  it('shows 12.000.000 in vn and 12,000,000 in en while the form keeps 12000000', () => {
    let value = '';
    const { unmount } = render(<Salary language="vn" onValue={(next) => (value = next)} />);
    fireEvent.change(screen.getByLabelText('Salary'), { target: { value: '12000000' } });
    expect(screen.getByLabelText('Salary')).toHaveValue('12.000.000');
    expect(value).toBe('12000000');
    // Typing on after the separators: still digits in the form.
    fireEvent.change(screen.getByLabelText('Salary'), { target: { value: '12.000.0005' } });
    expect(value).toBe('120000005');
    unmount();
    render(<Salary language="en" onValue={(next) => (value = next)} />);
    fireEvent.change(screen.getByLabelText('Salary'), { target: { value: '9000000' } });
    expect(screen.getByLabelText('Salary')).toHaveValue('9,000,000');
  });

  it('groupDigits and digitsValue read back what they write', () => {
    expect(groupDigits('0012a345', 'vn')).toBe('12.345');
    expect(groupDigits('', 'en')).toBe('');
    expect(digitsValue('12,345')).toBe(12_345);
    expect(digitsValue('₫')).toBeNull();
  });
});
