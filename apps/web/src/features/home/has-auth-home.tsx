import { useT } from '../../shared/i18n/use-translation.ts';
import { AppImage } from '../../shared/ui/app-image.tsx';

/**
 * The logged-in home with completed authentication. Its modes (SPEC.md §4) need the home index
 * call (/api/loan/app/index/v3), which a later issue adds; until then it says so honestly.
 */
export function HasAuthHome() {
  const { t } = useT();
  return (
    <main className="home" data-testid="has-auth-home">
      <section className="home-hero">
        <AppImage name="banner" className="home-hero__banner" />
        <div className="home-hero__text">
          <h1>{t('home.hasAuth.title')}</h1>
        </div>
      </section>
      <section className="placeholder">
        <AppImage name="pending" className="placeholder__image" width={96} height={96} />
        <p className="placeholder__text">{t('common.comingSoon')}</p>
      </section>
    </main>
  );
}
