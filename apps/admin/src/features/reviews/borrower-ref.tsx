import type { ReviewCase } from '@sen/contract';
import { Link } from 'react-router';
import { borrowerPath } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/i18n.ts';

/** The borrower, masked, linked to their page: 'Trần T** H** · 09*****678 · no. 1007' (the number alone when no name is known yet). */
export function BorrowerRef({ borrower }: { borrower: ReviewCase['borrower'] }) {
  const { t } = useT();
  return (
    <span className="borrower-ref">
      <Link to={borrowerPath(borrower.userId)}>{borrower.nameMasked ?? t('borrowers.numbered', { id: borrower.userId })}</Link>
      {' · '}
      <span className="masked">{borrower.phoneMasked}</span>
      {borrower.nameMasked && ` · ${t('reviews.borrowerNumber', { id: borrower.userId })}`}
    </span>
  );
}
