import { useT } from '../../shared/i18n/i18n.ts';
import { StatusTag } from '../../shared/ui/status-tag.tsx';
import { spanParts, type Deadline } from './deadline.ts';

/** "2 d 3 h left" / "Overdue by 5 h 10 min", in the deadline's tone. */
export function DeadlineTag({ deadline, testId }: { deadline: Deadline; testId?: string }) {
  const { t } = useT();
  const parts = spanParts(deadline.msLeft);
  const span = parts.days > 0 ? t('privacy.span.days', parts) : t('privacy.span.hours', parts);
  return (
    <span data-testid={testId}>
      <StatusTag tone={deadline.tone}>{deadline.overdue ? t('privacy.timer.overdue', { span }) : t('privacy.timer.left', { span })}</StatusTag>
    </span>
  );
}
