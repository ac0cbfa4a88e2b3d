import type { OperatorView } from '@sen/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from './next-path.ts';
import { rememberSignedIn } from './operator-query.ts';

/** After the last step: remember who signed in and go where they were heading (or home). */
export function useFinishSignIn(): (operator: OperatorView) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (operator) => {
    rememberSignedIn(operator);
    void navigate(safeNextPath(params.get('next')), { replace: true });
  };
}
