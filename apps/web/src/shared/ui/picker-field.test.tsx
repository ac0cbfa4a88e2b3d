import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PickerField } from './picker-field.tsx';

describe('PickerField', () => {
  it('is a button named by its label and the choice, showing the placeholder until there is one', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<PickerField id="sex-picker" label="Gender" placeholder="Please select" valueLabel={null} onOpen={onOpen} data-testid="personal-gender" />);
    const button = screen.getByRole('button', { name: 'Gender Please select' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByTestId('personal-gender'));
    expect(onOpen).toHaveBeenCalledTimes(1);

    rerender(<PickerField id="sex-picker" label="Gender" placeholder="Please select" valueLabel="Male" onOpen={onOpen} data-testid="personal-gender" />);
    expect(screen.getByRole('button', { name: 'Gender Male' })).toBeInTheDocument();
  });

  it('shows its error beside it, linked to the button', () => {
    render(<PickerField id="contact-1-relationship" label="Relationship" placeholder="Please select" valueLabel={null} error="Please select" onOpen={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Relationship Please select' });
    expect(button).toHaveAttribute('aria-invalid', 'true');
    expect(button).toHaveAttribute('aria-describedby', 'contact-1-relationship-error');
    expect(document.getElementById('contact-1-relationship-error')).toHaveTextContent('Please select');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select');
  });

  it('does not open when disabled', () => {
    const onOpen = vi.fn();
    render(<PickerField id="p" label="Province" placeholder="Please select" valueLabel={null} disabled onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Province Please select' }));
    expect(onOpen).not.toHaveBeenCalled();
  });
});
