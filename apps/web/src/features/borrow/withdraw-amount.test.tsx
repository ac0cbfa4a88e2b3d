import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { WithdrawAmount, withdrawProblem } from './withdraw-amount.tsx';

/* Withdraw with an amount choice (issue 25 item 3; decision 119): the total within the smallest and
 * largest the products lend together, in steps, each refusal with its message; a valid total is
 * asked for once the borrower stops typing. */
describe('withdrawProblem', () => {
  it('accepts a total within the range in steps, and the range’s ends whatever they are', () => {
    expect(withdrawProblem(3_000_000, 1_000_000, 9_050_000, 100_000)).toBeNull();
    expect(withdrawProblem(9_050_000, 1_000_000, 9_050_000, 100_000)).toBeNull();
    expect(withdrawProblem(1_000_000, 1_000_000, 9_050_000, 100_000)).toBeNull();
  });

  it('refuses nothing typed or too little, too much, and an amount between steps', () => {
    expect(withdrawProblem(null, 1_000_000, 9_000_000, 100_000)).toEqual({ key: 'withdraw.amount.tooLow', min: 1_000_000 });
    expect(withdrawProblem(999_999, 1_000_000, 9_000_000, 100_000)).toEqual({ key: 'withdraw.amount.tooLow', min: 1_000_000 });
    expect(withdrawProblem(9_100_000, 1_000_000, 9_000_000, 100_000)).toEqual({ key: 'withdraw.amount.tooHigh', max: 9_000_000 });
    expect(withdrawProblem(3_050_000, 1_000_000, 9_000_000, 100_000)).toEqual({ key: 'withdraw.amount.step', step: 100_000 });
  });
});

describe('WithdrawAmount', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    await changeLanguage('en');
  });
  afterEach(() => vi.useRealTimers());

  it('groups the digits as typed, says what is wrong, and asks for a valid total once typing stops', async () => {
    const onAmount = vi.fn();
    render(<WithdrawAmount amount={9_000_000} min={1_000_000} max={9_000_000} step={100_000} onAmount={onAmount} />);
    const input = screen.getByLabelText('Amount to withdraw');
    expect(input).toHaveValue('9,000,000');
    expect(screen.getByTestId('withdraw-amount')).toHaveTextContent('From 1,000,000 ₫ to 9,000,000 ₫, in steps of 100,000 ₫');

    fireEvent.change(input, { target: { value: '950000' } });
    expect(input).toHaveValue('950,000');
    expect(screen.getByRole('alert')).toHaveTextContent('The smallest amount is 1,000,000 ₫');
    fireEvent.change(input, { target: { value: '12000000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The largest amount is 9,000,000 ₫');
    fireEvent.change(input, { target: { value: '3,050,000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The amount must be a multiple of 100,000 ₫');
    act(() => vi.advanceTimersByTime(1000));
    expect(onAmount).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '3000000' } });
    expect(input).toHaveValue('3,000,000');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(onAmount).toHaveBeenCalledWith(3_000_000);

    // − and + move by a step and stop at the ends.
    fireEvent.click(screen.getByTestId('withdraw-less'));
    expect(input).toHaveValue('2,900,000');
    fireEvent.change(input, { target: { value: '9000000' } });
    expect(screen.getByTestId('withdraw-more')).toBeDisabled();

    // A total typed outside the range: − and + bring it back to the nearest end, not a step further out.
    fireEvent.change(input, { target: { value: '999999999' } });
    fireEvent.click(screen.getByTestId('withdraw-less'));
    expect(input).toHaveValue('9,000,000');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '500000' } });
    expect(screen.getByTestId('withdraw-less')).toBeDisabled();
    fireEvent.click(screen.getByTestId('withdraw-more'));
    expect(input).toHaveValue('1,000,000');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('writes the amount the Vietnamese way in vn', async () => {
    await changeLanguage('vn');
    render(<WithdrawAmount amount={5_000_000} min={1_000_000} max={9_000_000} step={100_000} onAmount={vi.fn()} />);
    expect(screen.getByLabelText('Số tiền rút')).toHaveValue('5.000.000');
    fireEvent.change(screen.getByLabelText('Số tiền rút'), { target: { value: '500000' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Số tiền tối thiểu là 1.000.000 ₫');
    await changeLanguage('en');
  });
});
