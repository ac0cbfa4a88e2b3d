import { LANGUAGES, maskPhone } from '@sen/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { GlobeIcon, HeadsetIcon, OrderIcon, ShieldIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { LanguagePicker } from '../../shared/ui/language-picker.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { logout } from '../auth/index.ts';
import { UnreadBadge } from '../messages/index.ts';
import { CreditSummary } from './credit-summary.tsx';
import { MenuRow } from './menu-row.tsx';
import { BadgeIcon, BellIcon, CardIcon, GearIcon, InfoIcon } from './mine-icons.tsx';
import './mine.css';

/**
 * /mine: the masked phone, the entries to orders, receiving accounts, certification centre,
 * messages (with the unread count), my data rights, about us, contact us and settings (each with its icon), the
 * language and Log out.
 */
export function MinePage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const rows = [
    { label: t('mine.menu.orders'), to: paths.orderList, icon: <OrderIcon width={22} height={22} />, testId: 'mine-orders' },
    { label: t('mine.menu.accounts'), to: paths.accountsReceivable, icon: <CardIcon />, testId: 'mine-accounts' },
    { label: t('mine.menu.certification'), to: paths.certificationCenter, icon: <BadgeIcon />, testId: 'mine-certification' },
    { label: t('mine.menu.messages'), to: paths.messageList, icon: <BellIcon />, testId: 'mine-messages' },
    { label: t('mine.menu.dataRights'), to: paths.dataRights, icon: <ShieldIcon width={22} height={22} />, testId: 'mine-data-rights' },
    { label: t('mine.menu.about'), to: paths.aboutUs, icon: <InfoIcon />, testId: 'mine-about' },
    { label: t('mine.menu.contact'), to: paths.contactUs, icon: <HeadsetIcon width={22} height={22} />, testId: 'mine-contact' },
    { label: t('mine.menu.settings'), to: paths.settings, icon: <GearIcon />, testId: 'mine-settings' },
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

      <CreditSummary userId={user?.id} />

      <nav aria-label={t('mine.title')}>
        <ul className="menu">
          {rows.map((row) => (
            <MenuRow
              key={row.to}
              label={row.label}
              icon={row.icon}
              badge={row.to === paths.messageList ? <UnreadBadge /> : undefined}
              onClick={() => void navigate(row.to)}
              testId={row.testId}
            />
          ))}
          <MenuRow label={t('mine.menu.language')} icon={<GlobeIcon width={22} height={22} />} value={t(`language.${language}`)} onClick={() => setLanguageOpen(true)} testId="mine-language" />
        </ul>
      </nav>

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
