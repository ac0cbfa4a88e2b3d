import { useRef, type KeyboardEvent } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';

type LoginTab = 'otp' | 'password';
const TABS: { key: LoginTab; testId: string }[] = [
  { key: 'otp', testId: 'login-tab-otp' },
  { key: 'password', testId: 'login-tab-password' },
];

/**
 * The two login tabs (WAI-ARIA tabs: arrow keys move between them). Plain buttons rather than
 * antd-mobile's Tabs, whose animation library would weigh on the first route.
 */
export function LoginTabs({ active, onChange }: { active: LoginTab; onChange: (tab: LoginTab) => void }) {
  const { t } = useT();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    onChange(TABS[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="login-tabs" role="tablist" aria-label={t('login.submit')}>
      {TABS.map((tab, index) => (
        <button
          key={tab.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`login-tab-${tab.key}`}
          aria-selected={active === tab.key}
          aria-controls="login-form"
          tabIndex={active === tab.key ? 0 : -1}
          className={`login-tabs__tab${active === tab.key ? ' is-active' : ''}`}
          data-testid={tab.testId}
          onClick={() => onChange(tab.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {t(tab.key === 'otp' ? 'login.tab.otp' : 'login.tab.password')}
        </button>
      ))}
    </div>
  );
}
