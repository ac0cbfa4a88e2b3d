import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { clearSessionAndGoToLogin } from '../features/auth/session-actions.ts';
import { loadAntdLocale, useAntdLocale } from '../shared/i18n/antd-locale.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { storedLanguage } from '../shared/i18n/language.ts';
import { useT } from '../shared/i18n/use-translation.ts';
import { prefetchLowPriorityImages, whenIdle } from '../shared/images/images.ts';
import { setNavigator } from '../shared/navigation/navigation.ts';
import { queryClient } from '../shared/query/query-client.ts';
import { setSessionExpiredHandler } from '../shared/request/request.ts';
import { startTracking, trackPageView } from '../shared/tracking/index.ts';
import { bootOnce } from './boot.ts';
import { createAppRouter, routerReady } from './router.tsx';
import { hideSplash } from './splash.ts';

// Created at load: the router starts fetching the first route's chunk while the splash shows.
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));
// A 401 anywhere ends the session: clear token and auth, go to /login.
setSessionExpiredHandler(clearSessionAndGoToLogin);
// Behaviour tracking (after the privacy-policy choice only): a page view for every location.
startTracking();
router.subscribe((state) => trackPageView(state.location.pathname));

function Providers() {
  const { language } = useT();
  const antdLocale = useAntdLocale(language);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void Promise.all([bootOnce(), routerReady(router), loadAntdLocale(storedLanguage())]).then(() => setReady(true));
  }, []);
  useEffect(() => {
    if (!ready) return;
    // The page is drawn under the splash now: take the splash away, then fetch what can wait.
    hideSplash();
    whenIdle(() => void prefetchLowPriorityImages());
  }, [ready]);
  // Until then index.html's own splash is on screen (SPEC.md §1: at least 1000 ms).
  if (!ready || !antdLocale) return null;
  return (
    <ConfigProvider locale={antdLocale}>
      <RouterProvider router={router} />
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
