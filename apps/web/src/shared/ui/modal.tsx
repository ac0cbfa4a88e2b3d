import { MODAL_ANIMATION_MS } from '@sen/contract';
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  visible: boolean;
  onClose?: () => void;
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Default true: a click on the backdrop closes the modal (SPEC.md §4). */
  closeOnBackdrop?: boolean;
  'data-testid'?: string;
}

/**
 * A dialog that fades in and out over MODAL_ANIMATION_MS (200 ms) and closes on a backdrop click
 * or Escape. It stays mounted during the fade-out, then unmounts.
 */
export function Modal({ visible, onClose, title, ariaLabel, children, footer, closeOnBackdrop = true, 'data-testid': testId }: ModalProps) {
  const [rendered, setRendered] = useState(visible);
  if (visible && !rendered) setRendered(true);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog when it opens and back to where it was when it closes, so a
  // screen-reader or keyboard user lands on the dialog and is not lost afterwards.
  useEffect(() => {
    if (!visible) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => previous?.focus();
  }, [visible]);

  useEffect(() => {
    if (visible || !rendered) return;
    const timer = setTimeout(() => setRendered(false), MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [visible, rendered]);

  useEffect(() => {
    if (!visible || !onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, onClose]);

  if (!rendered) return null;
  const leaving = !visible;
  const style = { '--sen-modal-ms': `${MODAL_ANIMATION_MS}ms` } as CSSProperties;

  return createPortal(
    <div
      className={`sen-modal-backdrop ${leaving ? 'is-leaving' : 'is-entering'}`}
      style={style}
      data-testid={testId ? `${testId}-backdrop` : 'modal-backdrop'}
      onClick={(event) => {
        if (event.target === event.currentTarget && closeOnBackdrop && !leaving) onClose?.();
      }}
    >
      <div
        ref={dialogRef}
        className="sen-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        data-testid={testId}
      >
        {title ? (
          <h2 className="sen-modal__title" id={titleId}>
            {title}
          </h2>
        ) : null}
        <div className="sen-modal__body">{children}</div>
        {footer ? <div className="sen-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
