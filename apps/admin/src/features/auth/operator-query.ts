import { adminEndpoints, type OperatorView } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/query/query-client.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';

export const operatorKeys = { me: ['admin', 'me'] as const };

/**
 * Who is signed in: the sign-in guard's question. A 401 here means "not signed in" (the guard
 * shows the sign-in page), not an expired session to announce.
 */
export function useSignedInOperator() {
  return useQuery({
    queryKey: operatorKeys.me,
    queryFn: ({ signal }) => callAdmin(adminEndpoints.me, {}, { signal, ignoreSessionExpiry: true }).then((data) => data.operator),
    staleTime: 60_000,
  });
}

/** The operator the guard has loaded (pages under the guard only). */
export function useOperator(): OperatorView {
  const { data } = useSignedInOperator();
  if (!data) throw new Error('useOperator outside the sign-in guard');
  return data;
}

/** After the TOTP step: the operator the server answered is who is signed in now. */
export function rememberSignedIn(operator: OperatorView): void {
  queryClient.clear();
  queryClient.setQueryData(operatorKeys.me, operator);
}

/** After sign-out or an expired session: nothing cached for one operator is shown to the next. */
export function forgetOperator(): void {
  queryClient.clear();
}
