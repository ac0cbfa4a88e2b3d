import { paths } from '../../app/paths.ts';
import { navigateTo } from '../../shared/navigation/navigation.ts';
import { refreshAuthStatus } from '../auth/index.ts';

/** After a step is saved: reload the certification state and let the runner open the next step. */
export async function continueBatch(): Promise<void> {
  await refreshAuthStatus();
  navigateTo(paths.authBatch, { replace: true });
}
