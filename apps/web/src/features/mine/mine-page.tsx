import { LANGUAGES, maskPhone } from '@sen/contract';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ChevronRightIcon, GlobeIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { logout } from '../auth/index.ts';

function MenuRow({ label, onClick, icon, testId, value }: { label: string; onClick: () => void; icon?: ReactNode; testId?: string; value?: string }) {
  return (
    <li>
      <button type="button" className="menu-row" onClick={onClick} data-testid={testId}>
        {icon ? <span className="menu-row__icon">{icon}</span> : null}
        <span className="menu-row__label">{label}</span>
        {value ? <span className="menu-row__value">{value}</span> : null}
        <ChevronRightIcon className="menu-row__chevron" />
      </button>
    </li>
  );
}

/** /mine: the account page with the menu, a language entry and Log out. */
export function MinePage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const rows: { label: string; to: string }[] = [
    { label: t('mine.menu.certification'), to: paths.certificationCenter },
    { label: t('mine.menu.accounts'), to: paths.accountsReceivable },
    { label: t('mine.menu.orders'), to: paths.orderList },
    { label: t('mine.menu.messages'), to: paths.messageList },
    { label: t('mine.menu.contact'), to: paths.contactUs },
    { label: t('mine.menu.about'), to: paths.aboutUs },
    { label: t('mine.menu.settings'), to: paths.settings },
  ];

  return (
    <main className="mine" data-testid="mine-page">
      <section className="mine-header">
        <span className="mine-header__avatar">
          <UserIcon width={32} height={32} />
        </span>
        <div>
          <p className="mine-header__greeting">{t('mine.greeting')}</p>
          <h1 className="mine-header__phone" data-testid="mine-phone">
            {user?.phone ? maskPhone(user.phone) : t('mine.title')}
          </h1>
        </div>
      </section>

      <ul className="menu">
        {rows.map((row) => (
          <MenuRow key={row.to} label={row.label} onClick={() => navigate(row.to)} />
        ))}
        <MenuRow
          label={t('mine.menu.language')}
          icon={<GlobeIcon />}
          value={t(`language.${language}`)}
          onClick={() => setLanguageOpen(true)}
          testId="mine-language"
        />
      </ul>

      <Button block shape="rounded" size="large" className="mine__logout" onClick={() => setLogoutOpen(true)} data-testid="logout-button">
        {t('mine.logout')}
      </Button>

      <Modal visible={languageOpen} onClose={() => setLanguageOpen(false)} title={t('language.title')} data-testid="language-modal">
        <LanguagePicker languages={LANGUAGES} onChosen={() => setLanguageOpen(false)} />
      </Modal>

      <Modal
        visible={logoutOpen}
        onClose={() => setLogoutOpen(false)}
        title={t('mine.logout.confirm')}
        data-testid="logout-modal"
        footer={
          <>
            <Button block shape="rounded" onClick={() => setLogoutOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" shape="rounded" onClick={logout} data-testid="logout-confirm">
              {t('mine.logout')}
            </Button>
          </>
        }
      />
    </main>
  );
}
