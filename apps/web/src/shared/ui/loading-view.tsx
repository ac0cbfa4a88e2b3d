import type { ReactNode } from 'react';

/**
 * A centred spinner with a line of text, for pages waiting on data. The spinner is CSS only:
 * this view is part of the first route, and antd-mobile's spinner brings an animation library.
 */
export function LoadingView({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="loading-view" role="status" aria-live="polite" data-testid="loading-view">
      <span className="spinner" aria-hidden="true" />
      <p>{text}</p>
      {children}
    </div>
  );
}
