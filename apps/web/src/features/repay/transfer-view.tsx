import type { Language, RepayQuote, RepayStatus } from '@sen/contract';
import { useEffect, useState } from 'react';
import { copyText } from '../../shared/contact/contact-actions.ts';
import { money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';

/** The VietQR code of a transfer as an SVG, drawn by a QR encoder loaded only here. */
function QrCode({ data, label }: { data: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => qr.toString(data, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })).then((markup) => {
      if (live) setSvg(markup);
    });
    return () => {
      live = false;
    };
  }, [data]);
  // The markup is the encoder's own SVG of our payload, never text from elsewhere.
  return svg ? (
    <div className="qr" role="img" aria-label={label} data-testid="repay-qr" dangerouslySetInnerHTML={{ __html: svg }} />
  ) : (
    <div className="qr qr--loading" role="img" aria-label={label} />
  );
}

/** A value to copy into a banking app; `shown` is how people read it (grouped digits), `value` what is copied. */
function CopyRow({ label, value, shown = value, testId }: { label: string; value: string; shown?: string; testId: string }) {
  const { t } = useT();
  return (
    <div className="copy-row">
      <dt>{label}</dt>
      <dd>
        <span className="copy-row__value" data-testid={testId} data-value={value}>
          {shown}
        </span>
        <button type="button" className="copy-row__button" onClick={() => void copyText(value)} aria-label={t('repay.copy', { what: label })}>
          {t('repay.copyShort')}
        </button>
      </dd>
    </div>
  );
}

/**
 * The hosted payment page in the reader's language: the page reads `lang` from its query (else the
 * phone's Accept-Language, Vietnamese on most phones), so an English or Chinese reader would get
 * it in Vietnamese (issue 25 item 5).
 */
export function payPageHref(payUrl: string, language: Language): string {
  try {
    const url = new URL(payUrl, window.location.origin);
    url.searchParams.set('lang', language);
    return url.toString();
  } catch {
    return payUrl;
  }
}

/** Minutes and seconds until `iso`, updated every second; null once it has passed. */
function useCountdown(iso: string): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.floor((Date.parse(iso) - now) / 1000);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/**
 * A repayment by bank transfer: the amount, the VietQR code any Vietnamese banking app scans, the
 * bank, account, holder and transfer content to copy, how long the amount stands, and the live
 * status until the bank confirms the transfer.
 */
export function TransferView({ quote, status }: { quote: RepayQuote; status: RepayStatus | undefined }) {
  const { t, language } = useT();
  const countdown = useCountdown(quote.expiresAt);
  const paid = status?.status === 'paid';
  const partly = status?.status === 'partly_paid';
  return (
    <section className="transfer" aria-labelledby="transfer-title" data-testid="transfer-view">
      <h2 id="transfer-title" className="transfer__title">
        {t('repay.transfer.title')}
      </h2>
      <p className="transfer__amount" data-testid="transfer-amount">
        {money(quote.amount, language)}
      </p>
      <div className={`transfer__status transfer__status--${paid ? 'paid' : partly ? 'partly' : 'waiting'}`} role="status" aria-live="polite" data-testid="transfer-status" data-status={status?.status ?? 'open'}>
        {paid
          ? t('repay.status.paid', { amount: money(status.paidAmount, language) })
          : partly
            ? t('repay.status.partly', { amount: money(status.paidAmount, language) })
            : t('repay.status.waiting')}
      </div>
      {!paid ? (
        <>
          <QrCode data={quote.qrData} label={t('repay.qr.label', { amount: money(quote.amount, language) })} />
          <p className="transfer__hint">{t('repay.qr.hint')}</p>
          <dl className="copy-list">
            <div className="copy-row">
              <dt>{t('repay.bank')}</dt>
              <dd>{quote.bankName}</dd>
            </div>
            <CopyRow label={t('repay.account')} value={quote.accountNumber} testId="transfer-account" />
            <div className="copy-row">
              <dt>{t('repay.holder')}</dt>
              <dd>{quote.accountName}</dd>
            </div>
            <CopyRow label={t('repay.content')} value={quote.transferContent} testId="transfer-content" />
            <CopyRow label={t('repay.amount')} value={String(quote.amount)} shown={money(quote.amount, language)} testId="transfer-amount-copy" />
          </dl>
          <p className="transfer__note">{countdown ? t('repay.expires', { time: countdown }) : t('repay.expired')}</p>
          <a className="link-button" href={payPageHref(quote.payUrl, language)} target="_blank" rel="noopener" data-testid="open-pay-page">
            {t('repay.openPage')}
          </a>
        </>
      ) : null}
    </section>
  );
}
