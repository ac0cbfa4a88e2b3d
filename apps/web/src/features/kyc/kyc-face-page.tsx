import type { LivenessSession } from '@sen/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { refreshAuthStatus } from '../auth/index.ts';
import { finishKyc, sendLivenessResult, startLiveness } from './kyc-api.ts';
import { kycKeys } from './kyc-keys.ts';
import { acceptLivenessMessage, originOf } from './liveness-message.ts';

type Phase = { kind: 'starting' } | { kind: 'frame'; session: LivenessSession } | { kind: 'verifying' } | { kind: 'error'; message: string };

/**
 * /authentication/batch/kyc/face: the face-liveness check in a frame (SPEC.md §1, region
 * vietnam). The provider's page posts its signed result; it is accepted only from the frame itself
 * and the origin of its verifyUrl, then sent to the server, which verifies it, and the KYC step is
 * finished (face/compare). Then back to the batch runner.
 */
export function KycFacePage() {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  /** What happened after the page posted its result (verifying, or a refusal to show). */
  const [outcome, setOutcome] = useState<Phase | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const handled = useRef(false);
  const session = useQuery({
    queryKey: kycKeys.livenessSession(attempt),
    queryFn: async () => {
      handled.current = false;
      const started = await startLiveness();
      if (!started.verifyUrl) throw new Error(t('error.kyc.providerUnavailable'));
      return started;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const phase: Phase =
    outcome ?? (session.isPending ? { kind: 'starting' } : session.isError ? { kind: 'error', message: errorText(session.error) } : { kind: 'frame', session: session.data });
  const restart = () => {
    setOutcome(null);
    setAttempt((value) => value + 1);
  };

  useEffect(() => {
    if (phase.kind !== 'frame' || !session.data) return;
    const expected = { origin: originOf(session.data.verifyUrl!), bizNo: session.data.bizNo };
    const onMessage = async (event: MessageEvent) => {
      const message = acceptLivenessMessage(event, { ...expected, source: frame.current?.contentWindow ?? null });
      if (!message || handled.current) return;
      if ('error' in message) return; // the page shows the camera problem and offers a retry itself
      if (!message.passed) return; // the page says what failed and offers a retry
      handled.current = true;
      setOutcome({ kind: 'verifying' });
      try {
        await sendLivenessResult(message.bizNo, message.result);
        await finishKyc();
        await refreshAuthStatus().catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: kycKeys.info() });
        showToast(t('kyc.face.passed'));
        await navigate(paths.authBatch, { replace: true });
      } catch (error) {
        setOutcome({ kind: 'error', message: errorText(error) });
      }
    };
    const listener = (event: MessageEvent) => void onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [phase.kind, session.data, navigate, queryClient, t]);

  return (
    <div className="page">
      <PageHeader title={t('page.face')} onBack={() => void navigate(paths.authBatchKyc, { replace: true })} />
      <main className="page__content kyc-face" data-testid="kyc-face-page">
        <p className="form-page__hint">{t('kyc.face.intro')}</p>
        {phase.kind === 'starting' ? <LoadingView text={t('kyc.face.loading')} /> : null}
        {phase.kind === 'verifying' ? <LoadingView text={t('kyc.face.verifying')} /> : null}
        {phase.kind === 'frame' ? (
          <iframe
            ref={frame}
            className="kyc-face__frame"
            src={phase.session.verifyUrl!}
            title={t('page.face')}
            allow="camera"
            referrerPolicy="no-referrer"
            data-testid="kyc-face-frame"
          />
        ) : null}
        {phase.kind === 'error' ? (
          <div className="stack">
            <p className="kyc-slot__error" role="alert" data-testid="kyc-face-error">
              {phase.message}
            </p>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={restart}
            >
              {t('kyc.face.retry')}
            </Button>
          </div>
        ) : null}
      </main>
    </div>
  );
}
