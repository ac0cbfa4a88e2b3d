import { MODAL_ANIMATION_MS } from '@sen/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

function Harness({ onClose }: { onClose?: () => void }) {
  const [visible, setVisible] = useState(true);
  return (
    <Modal
      visible={visible}
      title="Title"
      data-testid="m"
      onClose={() => {
        onClose?.();
        setVisible(false);
      }}
    >
      <p>Body text</p>
    </Modal>
  );
}

describe('Modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is an accessible dialog', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('takes the focus when it opens and gives it back when it closes', () => {
    function Opener() {
      const [visible, setVisible] = useState(false);
      return (
        <>
          <button onClick={() => setVisible(true)}>Open</button>
          <Modal visible={visible} ariaLabel="Untitled dialog" onClose={() => setVisible(false)}>
            <p>Body</p>
          </Modal>
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Untitled dialog' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(opener).toHaveFocus();
  });

  it('closes on a backdrop click and unmounts after the 200 ms fade', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByTestId('m-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Still there, fading out.
    expect(screen.getByTestId('m-backdrop')).toHaveClass('is-leaving');
    act(() => vi.advanceTimersByTime(MODAL_ANIMATION_MS - 1));
    expect(screen.queryByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not close on a click inside the dialog', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByText('Body text'));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('fades in with the animation class', () => {
    render(<Harness />);
    expect(screen.getByTestId('m-backdrop')).toHaveClass('is-entering');
    expect(screen.getByTestId('m-backdrop').style.getPropertyValue('--sen-modal-ms')).toBe('200ms');
  });
});
