import { adminEndpoints, type OperatorView } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useT } from '../../shared/i18n/i18n.ts';
import { callAdmin } from '../../shared/request/call-admin.ts';
import { QueryState } from '../../shared/ui/query-state.tsx';
import { TotpCodeForm } from './totp-code-form.tsx';

/** The server answers the QR code as an SVG document (or already as a data URL): an image either way. */
export function qrImageSource(qrSvg: string): string {
  return qrSvg.startsWith('data:') ? qrSvg : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`;
}

/**
 * First sign-in: the authenticator secret as a QR code (and as text, for typing in by hand), then
 * the first code, which confirms the enrolment and signs in. The secret is asked for once per
 * pending step (a remount must not ask again: the step is one-use).
 */
export function EnrolStep({ pendingToken, onSignedIn }: { pendingToken: string; onSignedIn: (operator: OperatorView) => void }) {
  const { t } = useT();
  const enrolment = useQuery({
    queryKey: ['admin', 'enrol', pendingToken],
    queryFn: () => callAdmin(adminEndpoints.enrol, { pendingToken }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return (
    <QueryState query={enrolment}>
      {(data) => (
        <div className="enrol-step">
          <Typography.Paragraph>{t('enrol.scan')}</Typography.Paragraph>
          <img className="enrol-step__qr" src={qrImageSource(data.qrSvg)} alt={t('enrol.qrAlt')} width={200} height={200} />
          <Typography.Paragraph className="enrol-step__manual">
            <span id="totp-secret-label" className="enrol-step__manual-label">
              {t('enrol.manual')}
            </span>
            <Typography.Text code copyable aria-labelledby="totp-secret-label" data-testid="totp-secret">
              {data.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <TotpCodeForm pendingToken={pendingToken} onSignedIn={onSignedIn} />
        </div>
      )}
    </QueryState>
  );
}
