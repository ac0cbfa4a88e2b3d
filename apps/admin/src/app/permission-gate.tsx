import type { Permission } from '@sen/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOperator } from '../features/auth/operator-query.ts';
import { can } from '../shared/auth/permissions.ts';
import { useT } from '../shared/i18n/i18n.ts';
import { StatusPanel } from '../shared/ui/status-panel.tsx';
import { paths } from './paths.ts';

/** A page the operator's role may not use (typed in, or an old bookmark) says so instead of failing call by call. */
export function PermissionGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useT();
  const operator = useOperator();
  if (can(operator, permission)) return <>{children}</>;
  return <StatusPanel kind="forbidden" title={t('common.forbidden')} extra={<Link to={paths.home}>{t('common.backHome')}</Link>} />;
}
