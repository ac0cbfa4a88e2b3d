import type { ProposalView } from '@sen/contract';
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { pendingProposalPath } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';

/**
 * What the receipt and unmatched-transfer queues share: a tab per state kept in the address
 * (`?state=`), and the notice of a proposal just made, linking to it on the approvals page.
 */
export function useStateTab<State extends string>(states: readonly State[], fallback: State): [State, (state: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state = states.find((candidate) => candidate === asked) ?? fallback;
  return [state, (next) => setParams({ state: next })];
}

/** "Proposal #N made: another operator approves it", with its link; closes on demand. */
export function ProposedNotice({ proposal, title, onClose }: { proposal: ProposalView; title: string; onClose: () => void }) {
  const { t } = useT();
  return (
    <Alert
      type="success"
      showIcon
      closable={{ onClose }}
      className="form-alert"
      title={title}
      description={<Link to={pendingProposalPath(proposal.id)}>{t('receipts.openProposal')}</Link>}
    />
  );
}
