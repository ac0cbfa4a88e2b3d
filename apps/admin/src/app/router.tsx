import type { Permission } from '@sen/contract';
import { Spin } from 'antd';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminLayout } from './layouts/admin-layout.tsx';
import { PermissionGate } from './permission-gate.tsx';
import { paths } from './paths.ts';
import { SignInGuard } from './sign-in-guard.tsx';

/** The back office lives under /admin on the server (decision 093). */
export const ADMIN_BASENAME = '/admin';

type PageModule = { default: ComponentType };

/** A lazy page (its own chunk), shown only to a role holding `permission`. */
function page(load: () => Promise<PageModule>, permission: Permission | null = null): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { default: Page } = await load();
      if (permission === null) return { Component: Page };
      return {
        Component: () => (
          <PermissionGate permission={permission}>
            <Page />
          </PermissionGate>
        ),
      };
    },
  };
}

/** While the first page's chunk loads. */
function LoadingPage() {
  return (
    <div className="full-page-state" role="status" aria-live="polite">
      <Spin size="large" />
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    HydrateFallback: LoadingPage,
    children: [
      { path: paths.signIn, ...page(() => import('../features/auth/sign-in-page.tsx')) },
      { path: paths.enrol, ...page(() => import('../features/auth/invitation-page.tsx')) },
      {
        element: <SignInGuard />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: paths.home, ...page(() => import('../features/home/home-page.tsx')) },
              { path: paths.borrowers, ...page(() => import('../features/borrowers/borrower-search-page.tsx'), 'borrowers.read') },
              { path: paths.borrower, ...page(() => import('../features/borrowers/borrower-page.tsx'), 'borrowers.read') },
              { path: paths.operators, ...page(() => import('../features/operators/operators-page.tsx'), 'operators.manage') },
              { path: paths.audit, ...page(() => import('../features/audit/audit-page.tsx'), 'audit.read') },
              { path: paths.proposals, ...page(() => import('../features/proposals/proposals-page.tsx'), 'proposals.read') },
              { path: paths.products, ...page(() => import('../features/products/products-page.tsx'), 'products.read') },
              { path: paths.productPropose, ...page(() => import('../features/products/propose-product-page.tsx'), 'products.propose') },
              { path: paths.creditRules, ...page(() => import('../features/credit-rules/credit-rules-page.tsx'), 'products.read') },
              { path: paths.reviews, ...page(() => import('../features/reviews/reviews-page.tsx'), 'reviews.decide') },
              { path: paths.review, ...page(() => import('../features/reviews/review-page.tsx'), 'reviews.decide') },
              { path: paths.dashboard, ...page(() => import('../features/dashboard/dashboard-page.tsx'), 'dashboards.read') },
              { path: paths.ledgerCheck, ...page(() => import('../features/operations/ledger-check-page.tsx'), 'ledger.read') },
              { path: paths.receipts, ...page(() => import('../features/operations/receipts-page.tsx'), 'receipts.review') },
              { path: paths.transfers, ...page(() => import('../features/operations/transfers-page.tsx'), 'ledger.read') },
              { path: paths.unidentified, ...page(() => import('../features/operations/unidentified-transfers-page.tsx'), 'receipts.review') },
              { path: paths.reconciliation, ...page(() => import('../features/operations/reconciliation-page.tsx'), 'ledger.read') },
              { path: paths.feedback, ...page(() => import('../features/operations/feedback-page.tsx'), 'borrowers.read') },
              { path: paths.collections, ...page(() => import('../features/collections/collections-page.tsx'), 'collections.read') },
              { path: paths.collectionRules, ...page(() => import('../features/collection-rules/collection-rules-page.tsx'), 'collections.read') },
              { path: paths.collectionCase, ...page(() => import('../features/collections/case-page.tsx'), 'collections.read') },
              { path: paths.dataRequests, ...page(() => import('../features/privacy/data-requests-page.tsx'), 'privacy.requests') },
              { path: paths.breaches, ...page(() => import('../features/privacy/breaches-page.tsx'), 'privacy.breaches') },
              { path: '*', ...page(() => import('../features/home/not-found-page.tsx')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAdminRouter() {
  return createBrowserRouter(routes, { basename: ADMIN_BASENAME });
}
