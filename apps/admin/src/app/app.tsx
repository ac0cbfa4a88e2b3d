import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { forgetOperator } from '../features/auth/operator-query.ts';
import { i18n, useT } from '../shared/i18n/i18n.ts';
import { queryClient } from '../shared/query/query-client.ts';
import { setSessionExpiredHandler } from '../shared/request/call-admin.ts';
import { createAdminRouter } from './router.tsx';
import { paths } from './paths.ts';
import { theme } from './theme.ts';

const router = createAdminRouter();

/**
 * A 401 on any call after sign-in (idle 30 minutes, role changed, deactivated, signed out in
 * another tab): forget what was cached and go to the sign-in page, coming back here afterwards.
 */
setSessionExpiredHandler(() => {
  const { pathname, search } = router.state.location;
  forgetOperator();
  const next = `${pathname}${search}`;
  if (pathname === paths.signIn || pathname === paths.enrol) return;
  void router.navigate(`${paths.signIn}?next=${encodeURIComponent(next)}&expired=1`, { replace: true });
});

function Providers() {
  const { language } = useT();
  useEffect(() => {
    dayjs.locale(language === 'vn' ? 'vi' : 'en');
  }, [language]);
  return (
    <ConfigProvider locale={language === 'vn' ? viVN : enUS} theme={theme}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Providers />
      </I18nextProvider>
    </QueryClientProvider>
  );
}

