import { Button as AntdButton, DotLoading, type ButtonProps as AntdButtonProps } from 'antd-mobile';
import { useEffect, useRef, useState, type MouseEvent } from 'react';

export interface ButtonProps extends Omit<AntdButtonProps, 'onClick' | 'loading'> {
  loading?: boolean;
  /** May return a promise: the button shows a spinner and ignores clicks until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => unknown;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/**
 * antd-mobile's Button with the house rule (SPEC.md §4): a spinner while loading, and no click
 * gets through while loading, disabled or while a previous async click is still running.
 * antd-mobile swaps the label for the spinner while loading; the label stays for screen readers.
 */
export function Button({ loading = false, disabled = false, onClick, loadingIcon, ...rest }: ButtonProps) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const isLoading = loading || pending;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isLoading || disabled || busy.current || !onClick) return;
    const result = onClick(event);
    if (!isThenable(result)) return;
    busy.current = true;
    setPending(true);
    const settle = () => {
      busy.current = false;
      if (mounted.current) setPending(false);
    };
    result.then(settle, settle);
  };

  const spinner = (
    <>
      {loadingIcon ?? <DotLoading color="currentColor" />}
      <span className="visually-hidden">{rest.children}</span>
    </>
  );

  return <AntdButton {...rest} aria-busy={isLoading} loading={isLoading} loadingIcon={spinner} disabled={disabled} onClick={handleClick} />;
}
