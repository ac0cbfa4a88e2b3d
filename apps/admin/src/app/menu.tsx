import {
  AlertOutlined,
  AuditOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  LineChartOutlined,
  MessageOutlined,
  PhoneOutlined,
  ProfileOutlined,
  QuestionCircleOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { OperatorView, Permission } from '@sen/contract';
import type { ReactNode } from 'react';
import type { TranslationKey } from '../locales/en.ts';
import { can } from '../shared/auth/permissions.ts';
import { paths } from './paths.ts';

export interface MenuEntry {
  path: string;
  label: TranslationKey;
  icon: ReactNode;
  /** What the operator's role must hold to see it (null: every operator). */
  permission: Permission | null;
}

/** The side menu: one entry per screen the API serves; an operator sees the ones their role may use. */
export const MENU: readonly MenuEntry[] = [
  { path: paths.home, label: 'menu.home', icon: <DashboardOutlined />, permission: null },
  { path: paths.borrowers, label: 'menu.borrowers', icon: <UserOutlined />, permission: 'borrowers.read' },
  { path: paths.proposals, label: 'menu.proposals', icon: <CheckSquareOutlined />, permission: 'proposals.read' },
  { path: paths.products, label: 'menu.products', icon: <ShopOutlined />, permission: 'products.read' },
  { path: paths.creditRules, label: 'menu.creditRules', icon: <ControlOutlined />, permission: 'products.read' },
  { path: paths.operators, label: 'menu.operators', icon: <TeamOutlined />, permission: 'operators.manage' },
  { path: paths.audit, label: 'menu.audit', icon: <AuditOutlined />, permission: 'audit.read' },
  { path: paths.reviews, label: 'menu.reviews', icon: <SafetyCertificateOutlined />, permission: 'reviews.decide' },
  { path: paths.dashboard, label: 'menu.dashboard', icon: <LineChartOutlined />, permission: 'dashboards.read' },
  { path: paths.receipts, label: 'menu.receipts', icon: <FileSearchOutlined />, permission: 'receipts.review' },
  { path: paths.transfers, label: 'menu.transfers', icon: <SwapOutlined />, permission: 'ledger.read' },
  { path: paths.unidentified, label: 'menu.unidentified', icon: <QuestionCircleOutlined />, permission: 'receipts.review' },
  { path: paths.reconciliation, label: 'menu.reconciliation', icon: <CalendarOutlined />, permission: 'ledger.read' },
  { path: paths.ledgerCheck, label: 'menu.ledgerCheck', icon: <ReconciliationOutlined />, permission: 'ledger.read' },
  { path: paths.feedback, label: 'menu.feedback', icon: <MessageOutlined />, permission: 'borrowers.read' },
  { path: paths.collections, label: 'menu.collections', icon: <PhoneOutlined />, permission: 'collections.read' },
  { path: paths.collectionRules, label: 'menu.collectionRules', icon: <ProfileOutlined />, permission: 'collections.read' },
  { path: paths.dataRequests, label: 'menu.dataRequests', icon: <FileProtectOutlined />, permission: 'privacy.requests' },
  { path: paths.breaches, label: 'menu.breaches', icon: <AlertOutlined />, permission: 'privacy.breaches' },
];

export function menuFor(operator: Pick<OperatorView, 'permissions'>): MenuEntry[] {
  return MENU.filter((entry) => can(operator, entry.permission));
}

/** The entry a location belongs to (the longest matching path), for the menu's selection. */
export function selectedEntry(pathname: string): string {
  const matches = MENU.filter((entry) => (entry.path === '/' ? pathname === '/' : pathname === entry.path || pathname.startsWith(`${entry.path}/`)));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? '';
}
