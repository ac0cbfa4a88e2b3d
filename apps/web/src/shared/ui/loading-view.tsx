import { SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';

/** A centred spinner with a line of text, for pages waiting on data. */
export function LoadingView({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="loading-view" role="status" aria-live="polite" data-testid="loading-view">
      <SpinLoading color="primary" style={{ '--size': '36px' }} />
      <p>{text}</p>
      {children}
    </div>
  );
}
