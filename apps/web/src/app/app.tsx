import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { clearSessionAndGoToLogin } from '../features/auth/session-actions.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { useT } from '../shared/i18n/use-translation.ts';
import { setNavigator } from '../shared/navigation/navigation.ts';
import { setSessionExpiredHandler } from '../shared/request/request.ts';
import { BootScreen } from './boot-screen.tsx';
import { bootOnce } from './boot.ts';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));
// A 401 anywhere ends the session: clear token and auth, go to /login.
setSessionExpiredHandler(clearSessionAndGoToLogin);

const ANTD_LOCALES = { en: enUS, vn: viVN, zh: zhCN } as const;

function Providers() {
  const { language } = useT();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void bootOnce().then(() => setReady(true));
  }, []);
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]}>
      {ready ? <RouterProvider router={router} /> : <BootScreen />}
    </ConfigProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Providers />
    </I18nextProvider>
  );
}
