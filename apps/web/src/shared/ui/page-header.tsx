import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/use-translation.ts';
import { BackIcon } from './icons.tsx';

export interface PageHeaderProps {
  title?: ReactNode;
  /** Default: back in history, or home when there is no history to go back to. */
  onBack?: () => void;
  showBack?: boolean;
  right?: ReactNode;
  transparent?: boolean;
}

/** The top bar of a page: a back button top-left, the title centred, an optional action. */
export function PageHeader({ title, onBack, showBack = true, right, transparent = false }: PageHeaderProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const back = () => {
    if (onBack) return onBack();
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
  return (
    <header className={`page-header${right ? ' page-header--with-action' : ''}${transparent ? ' page-header--transparent' : ''}`}>
      <div className="page-header__side">
        {showBack ? (
          <button type="button" className="page-header__back" aria-label={t('common.back')} data-testid="back-button" onClick={back}>
            <BackIcon />
          </button>
        ) : null}
      </div>
      <div className="page-header__title">{title}</div>
      <div className="page-header__side page-header__side--right">{right}</div>
    </header>
  );
}
