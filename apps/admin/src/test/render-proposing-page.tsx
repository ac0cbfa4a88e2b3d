import type { OperatorRole, OperatorView } from '@sen/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { operatorKeys } from '../features/auth/operator-query.ts';

/** Where the page sent the operator (`data-testid="where"`): the Approvals route's stand-in. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a page that proposes a four-eyes change at `path`, signed in as `operator` with `role`
 * and `permissions`, beside an Approvals route that shows where a link or a proposal led.
 */
export function renderProposingPage(options: { path: string; page: ReactElement; operator: { id: number; email: string; name: string }; role: OperatorRole; permissions: string[] }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(operatorKeys.me, { ...options.operator, role: options.role, permissions: options.permissions } as unknown as OperatorView);
  return render(
    <MemoryRouter initialEntries={[options.path]}>
      <QueryClientProvider client={client}>
        <App>
          <Routes>
            <Route path={options.path} element={options.page} />
            <Route path="/proposals" element={<Where />} />
          </Routes>
        </App>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}
