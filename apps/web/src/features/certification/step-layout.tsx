import type { ReactNode } from 'react';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useLeaveConfirm } from './leave-confirm.tsx';

/**
 * A certification step's page. In the batch, Back (the header's or the phone's) asks first: an
 * exit-confirmation dialog says how many steps remain before borrowing (SPEC.md §2). Outside the
 * batch (review, correction) Back just goes back.
 */
export function StepLayout({ title, batch, testId, children }: { title: string; batch: boolean; testId: string; children: ReactNode }) {
  const leave = useLeaveConfirm(batch);
  return (
    <div className="page form-screen">
      <PageHeader title={title} {...(leave.onBack ? { onBack: leave.onBack } : {})} />
      <main className="page__content form-page" data-testid={testId}>
        {children}
      </main>
      {leave.dialog}
    </div>
  );
}
