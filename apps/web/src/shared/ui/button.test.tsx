import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('calls onClick when idle', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Go</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while loading and shows busy state', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick} data-testid="b">
        Go
      </Button>,
    );
    const button = screen.getByTestId('b');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps its accessible name while the spinner shows', () => {
    render(<Button loading>Log in</Button>);
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-busy', 'true');
  });

  it('ignores clicks while disabled', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick} data-testid="b">
        Go
      </Button>,
    );
    fireEvent.click(screen.getByTestId('b'));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('ignores a second click while an async handler runs, then accepts clicks again', async () => {
    let finish: () => void = () => {};
    const onClick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <Button onClick={onClick} data-testid="b">
        Go
      </Button>,
    );
    const button = screen.getByTestId('b');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    expect(button).toHaveAttribute('aria-busy', 'false');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
