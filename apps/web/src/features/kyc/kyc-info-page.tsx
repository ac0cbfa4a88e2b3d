import type { KycInfo } from '@sen/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { useKycInfo } from './kyc-api.ts';

/** /authentication/info/kyc: what was uploaded (thumbnails served to the owner only) and its state. */
export function KycInfoPage() {
  const { t } = useT();
  const info = useKycInfo();
  return (
    <div className="page">
      <PageHeader title={t('page.kyc')} />
      <main className="page__content" data-testid="kyc-info-page">
        <QueryView query={info}>{(data) => <KycUploads info={data} />}</QueryView>
      </main>
    </div>
  );
}

function KycUploads({ info }: { info: KycInfo }) {
  const { t } = useT();
  const navigate = useNavigate();
  const images: { key: TranslationKey; url: string | null }[] = [
    { key: 'kyc.front', url: info.frontImageUrl },
    { key: 'kyc.back', url: info.backImageUrl },
    { key: 'kyc.selfie', url: info.liveImageUrl },
  ];
  const nothing = !info.frontImageUrl && !info.backImageUrl && !info.liveImageUrl;
  return (
    <div className="stack">
      <p className={`kyc-status ${info.completed ? 'kyc-status--done' : ''}`} data-testid="kyc-info-status">
        {t(info.completed ? 'kyc.info.done' : info.livenessPassed ? 'kyc.info.livenessOnly' : 'kyc.info.pending')}
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
      {!info.completed ? (
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(paths.authBatchKyc)} data-testid="kyc-info-continue">
          {t('kyc.info.continue')}
        </Button>
      ) : null}
    </div>
  );
}
