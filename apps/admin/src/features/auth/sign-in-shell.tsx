import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../shared/i18n/i18n.ts';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';

/** The frame of the pages before a session: the product's name, the language switch, one card. */
export function SignInShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <main className="sign-in-shell">
      <div className="sign-in-shell__top">
        <span className="sign-in-shell__brand">{t('app.name')}</span>
        <LanguageSwitch />
      </div>
      <Card className="sign-in-shell__card">
        <Typography.Title level={1} className="sign-in-shell__title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
