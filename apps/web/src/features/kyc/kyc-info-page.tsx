import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { LoadingView } from '../../shared/ui/loading-view.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useKycInfo } from './kyc-api.ts';

/** /authentication/info/kyc: what was uploaded (thumbnails served to the owner only) and its state. */
export function KycInfoPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const info = useKycInfo();
  const data = info.data;
  const images: { key: TranslationKey; url: string | null | undefined }[] = [
    { key: 'kyc.front', url: data?.frontImageUrl },
    { key: 'kyc.back', url: data?.backImageUrl },
    { key: 'kyc.selfie', url: data?.liveImageUrl },
  ];
  const nothing = data && !data.frontImageUrl && !data.backImageUrl && !data.liveImageUrl;
  return (
    <div className="page">
      <PageHeader title={t('page.kyc')} />
      <main className="page__content" data-testid="kyc-info-page">
        {info.isPending ? <LoadingView text={t('common.loading')} /> : null}
        {info.isError ? (
          <div className="stack">
            <p role="alert">{t('error.requestFailed')}</p>
            <Button color="primary" onClick={() => info.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : null}
        {data ? (
          <div className="stack">
            <p className={`kyc-status ${data.completed ? 'kyc-status--done' : ''}`} data-testid="kyc-info-status">
              {t(data.completed ? 'kyc.info.done' : data.livenessPassed ? 'kyc.info.livenessOnly' : 'kyc.info.pending')}
            </p>
            {nothing ? <p className="form-page__hint">{t('kyc.info.empty')}</p> : null}
            <ul className="kyc-thumbs">
              {images.map(({ key, url }) => (
                <li key={key} className="kyc-thumb">
                  {url ? <img src={url} alt={t(key)} loading="lazy" /> : <span className="kyc-thumb__missing">{t('kyc.info.missing')}</span>}
                  <span className="kyc-thumb__label">{t(key)}</span>
                </li>
              ))}
            </ul>
            {!data.completed ? (
              <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(paths.authBatchKyc)} data-testid="kyc-info-continue">
                {t('kyc.info.continue')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </main>
    </div>
  );
}
