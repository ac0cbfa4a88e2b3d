import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { useAgreement, type AgreementQuery } from './borrow-api.ts';

/** An agreement to read, filled with the borrower's figures, in a dialog with its own scroll. */
export function AgreementSheet({ query, onClose }: { query: AgreementQuery | null; onClose: () => void }) {
  const { t, language } = useT();
  const agreement = useAgreement(query, language);
  return (
    <Modal
      visible={query !== null}
      onClose={onClose}
      title={agreement.data?.title ?? t(query?.document === 'pawn' ? 'borrow.agreement.pawn' : 'borrow.agreement.lease')}
      data-testid="agreement-sheet"
      footer={
        <Button block color="primary" shape="rounded" onClick={onClose} data-testid="agreement-close">
          {t('borrow.agreement.close')}
        </Button>
      }
    >
      <QueryView query={agreement} size="section" errorTitle={t('borrow.agreement.loadFailed')}>
        {(content) => (
          <div className="agreement-text" data-testid="agreement-text" tabIndex={0}>
            {content.text
              .split('\n')
              .slice(1)
              .map((line, index) => (line.trim() === '' ? <hr key={index} /> : <p key={index}>{line}</p>))}
          </div>
        )}
      </QueryView>
    </Modal>
  );
}
