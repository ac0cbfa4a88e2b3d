import { orderStatusLabel } from '@sen/contract';
// The tag's styles come with the tag: the Order tab (repay list) shows it without loading an order page (issue 25).
import './orders.css';

/** The tone of a status label: overdue and failures red, settled green, in progress amber. */
export function statusTone(code: number): 'danger' | 'success' | 'progress' | 'neutral' {
  const label = orderStatusLabel(code);
  if (label === 'overdue' || label === 'failed' || label === 'rejected' || label === 'invalid' || label === 'writtenOff') return 'danger';
  if (label === 'settled' || label === 'completed') return 'success';
  if (label === 'closed') return 'neutral';
  return 'progress';
}

/** A status chip with its label (already in the request's language from the server). */
export function OrderStatusTag({ code, label }: { code: number; label: string }) {
  return (
    <span className={`status-tag status-tag--${statusTone(code)}`} data-testid="order-status" data-status={code}>
      {label}
    </span>
  );
}
