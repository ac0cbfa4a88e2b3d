import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { FormPickerField } from './form-picker-field.tsx';

interface Values {
  sex: string;
  relatives: string | number;
}

const OPTIONS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
];

const onSave = vi.fn<(values: Values) => void>();
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function Form({ initial = { sex: '', relatives: 2 } }: { initial?: Values }) {
  const form = useForm<Values>({ defaultValues: initial });
  return (
    <form onSubmit={form.handleSubmit((values) => onSave(values))}>
      <FormPickerField control={form.control} name="sex" label="Gender" placeholder="Please select" options={OPTIONS} data-testid="personal-gender" />
      <FormPickerField control={form.control} name="relatives" id="contact-1-relationship" label="Relationship" placeholder="Please select" options={OPTIONS} />
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.setError('sex', { message: 'validation.select' })}>
        Fail
      </button>
    </form>
  );
}

beforeEach(async () => {
  onSave.mockReset();
  await changeLanguage('en');
});

describe('FormPickerField', () => {
  it('shows the choice of the form value (a number as well), with ids from the name or given', () => {
    render(<Form />);
    expect(screen.getByTestId('personal-gender')).toHaveAttribute('id', 'sex-picker');
    expect(screen.getByRole('button', { name: 'Gender Please select' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Relationship Female' })).toHaveAttribute('id', 'contact-1-relationship');
  });

  it('writes the option confirmed in the sheet into the form', async () => {
    render(<Form />);
    fireEvent.click(screen.getByTestId('personal-gender'));
    const sheet = (await screen.findByText('Confirm')).closest('.adm-picker') as HTMLElement;
    const item = (label: string) => within(sheet).getByText(label).closest('.adm-picker-view-column-item');
    // The sheet opens on the first option and antd-mobile hands each wheel choice to the sheet on a
    // 0 ms timer: let each settle before the next step (timers fire in order).
    await waitFor(() => expect(item('Male')).toHaveAttribute('data-selected', 'true'));
    await settle();
    fireEvent.click(within(sheet).getByText('Female'));
    await waitFor(() => expect(item('Female')).toHaveAttribute('data-selected', 'true'));
    await settle();
    fireEvent.click(within(sheet).getByText('Confirm'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Gender Female' })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ sex: '2', relatives: 2 }));
  });

  it("shows its rule's message translated, with the error's id the e2e journeys find", async () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(document.getElementById('sex-picker-error')).toHaveTextContent('Please select'));
    expect(screen.getByTestId('personal-gender')).toHaveAttribute('aria-invalid', 'true');
  });
});
