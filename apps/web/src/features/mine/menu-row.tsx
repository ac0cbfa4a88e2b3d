import type { ReactNode } from 'react';
import { ChevronRightIcon } from '../../shared/ui/icons.tsx';

/** One row of a menu list: icon, label, optional value or badge, chevron. */
export function MenuRow({
  label,
  onClick,
  icon,
  testId,
  value,
  badge,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  icon?: ReactNode;
  testId?: string;
  value?: string;
  /** A count shown as a badge (unread messages); its accessible text is `badgeLabel` in the label. */
  badge?: ReactNode;
  danger?: boolean;
}) {
  return (
    <li>
      <button type="button" className={`menu-row${danger ? ' menu-row--danger' : ''}`} onClick={onClick} data-testid={testId}>
        {icon ? <span className="menu-row__icon">{icon}</span> : null}
        <span className="menu-row__label">{label}</span>
        {badge}
        {value ? <span className="menu-row__value">{value}</span> : null}
        <ChevronRightIcon className="menu-row__chevron" />
      </button>
    </li>
  );
}
