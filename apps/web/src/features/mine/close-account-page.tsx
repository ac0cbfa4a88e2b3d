import { CLOSE_REASON_OTHERS, CLOSE_REASON_REMARK_MAX, CLOSE_REASONS, type CloseReason } from '@sen/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { closeAccount } from './mine-api.ts';
import './mine.css';

/**
 * /mine/settings/close-account: what closing means, one of the four reasons of SPEC.md §3 (with a
 * text for "others"), a confirmation, then delete/user. A refusal (a loan not settled) is shown
 * here in the server's words; on success the local session ends and the succeed page follows.
 */
export function CloseAccountPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const groupId = useId();
  const [reason, setReason] = useState<CloseReason | null>(null);
  const [remark, setRemark] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const askConfirm = () => {
    if (reason === null) return setReasonError(t('validation.select'));
    setReasonError(null);
    setRefusal(null);
    setConfirmOpen(true);
  };

  const close = async () => {
    if (reason === null) return;
    try {
      await closeAccount(
        { rid: user?.id, reason, ...(reason === CLOSE_REASON_OTHERS && remark.trim() ? { remark: remark.trim() } : {}) },
        { skipErrorHandler: true },
      );
    } catch (error) {
      setConfirmOpen(false);
      setRefusal(errorText(error));
      return;
    }
    // The server has revoked every session; the (public) succeed page ends the local one once it
    // shows: cleared here, the route guard would send this private page to /login first.
    await navigate(paths.closeAccountSucceed, { replace: true, state: { closed: true } });
  };

  return (
    <div className="page form-screen">
      <PageHeader title={t('page.closeAccount')} />
      <main className="page__content form-page" data-testid="close-account-page">
        <section className="mine-card mine-warning" aria-labelledby={`${groupId}-what`}>
          <h1 className="mine-warning__title" id={`${groupId}-what`}>
            {t('closeAccount.what.title')}
          </h1>
          <ul className="mine-warning__list">
            <li>{t('closeAccount.what.loans')}</li>
            <li>{t('closeAccount.what.sessions')}</li>
            <li>{t('closeAccount.what.messages')}</li>
            <li>{t('closeAccount.what.data')}</li>
            <li>{t('closeAccount.what.again')}</li>
          </ul>
        </section>

        <fieldset className="mine-reasons" aria-describedby={reasonError ? `${groupId}-error` : undefined} aria-invalid={reasonError ? true : undefined}>
          <legend className="mine-reasons__legend">{t('closeAccount.reason.title')}</legend>
          {CLOSE_REASONS.map((code) => (
            <label key={code} className={`mine-reason${reason === code ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name={`${groupId}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => {
                  setReason(code);
                  setReasonError(null);
                }}
                data-testid={`close-reason-${code}`}
              />
              <span>{t(`closeAccount.reason.${code}`)}</span>
            </label>
          ))}
          {reasonError ? (
            <p className="field__error" id={`${groupId}-error`} role="alert">
              {reasonError}
            </p>
          ) : null}
        </fieldset>

        {reason === CLOSE_REASON_OTHERS ? (
          <div className="field">
            <label className="field__label" htmlFor={`${groupId}-remark`}>
              {t('closeAccount.remark.label')}
            </label>
            <textarea
              id={`${groupId}-remark`}
              className="mine-textarea"
              rows={3}
              maxLength={CLOSE_REASON_REMARK_MAX}
              value={remark}
              placeholder={t('closeAccount.remark.placeholder')}
              onChange={(event) => setRemark(event.target.value)}
              data-testid="close-remark"
            />
          </div>
        ) : null}

        {refusal ? (
          <p className="mine-refusal" role="alert" data-testid="close-refusal">
            {refusal}
          </p>
        ) : null}

        <Button block color="danger" shape="rounded" size="large" onClick={askConfirm} data-testid="close-account-button">
          {t('closeAccount.submit')}
        </Button>
      </main>

      <Modal
        visible={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={t('closeAccount.confirm.title')}
        data-testid="close-account-modal"
        footer={
          <>
            <Button block shape="rounded" onClick={() => setConfirmOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button block color="danger" shape="rounded" onClick={close} data-testid="close-account-confirm">
              {t('closeAccount.confirm.ok')}
            </Button>
          </>
        }
      >
        <p className="mine-modal-text">{t('closeAccount.confirm.text')}</p>
      </Modal>
    </div>
  );
}
