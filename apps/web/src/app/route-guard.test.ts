import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';
import { decideRoute, homeTarget, isKnownPath, showsTabBar } from './route-guard.ts';

const render = { action: 'render' };
const redirect = (to: string) => ({ action: 'redirect', to });

describe('route guard', () => {
  it('sends unknown paths to /NotFound, for visitors and users alike', () => {
    expect(decideRoute('/no-such-page', null, false, false)).toEqual(redirect('/NotFound'));
    expect(decideRoute('/mine/nope', 'tok', true, true)).toEqual(redirect('/NotFound'));
    expect(decideRoute('/NOTFOUND', null, false, false)).toEqual(redirect('/NotFound'));
  });

  it('lets visitors see the public pages', () => {
    for (const path of ['/', '/login', '/login/privacy-policy', '/home/no-auth', '/message/list', '/message/info/42', '/not-found', '/NotFound']) {
      expect(decideRoute(path, null, false, false), path).toEqual(render);
    }
  });

  it('sends visitors on any other path to /login', () => {
    for (const path of ['/mine', '/mine/settings', '/login/create-password', '/home/has-auth', '/order/repay-list', '/authentication/batch', '/product/info']) {
      expect(decideRoute(path, null, false, false), path).toEqual(redirect('/login'));
    }
  });

  it('loads the authentication status first when a token exists and it is unknown', () => {
    expect(decideRoute('/mine', 'tok', false, false)).toEqual({ action: 'load-auth' });
    expect(decideRoute('/', 'tok', false, false)).toEqual({ action: 'load-auth' });
    expect(decideRoute('/home', 'tok', false, false)).toEqual({ action: 'load-auth' });
    // The login pages never wait for it.
    expect(decideRoute('/login', 'tok', false, false)).toEqual(render);
    expect(decideRoute('/login/create-password', 'tok', false, false)).toEqual(render);
    expect(decideRoute('/mine', 'tok', true, false)).toEqual(render);
  });

  it('redirects /home by the authentication status', () => {
    expect(decideRoute('/home', null, false, false)).toEqual(redirect('/home/no-auth'));
    expect(decideRoute('/home', 'tok', true, false)).toEqual(redirect('/home/no-auth'));
    expect(decideRoute('/home', 'tok', true, true)).toEqual(redirect('/home/has-auth'));
    expect(decideRoute('/home/', 'tok', true, true)).toEqual(redirect('/home/has-auth'));
    expect(homeTarget(true)).toBe(paths.homeHasAuth);
    expect(homeTarget(false)).toBe(paths.homeNoAuth);
  });

  it('knows every route of the table', () => {
    for (const path of Object.values(paths)) expect(isKnownPath(path.replace(':id', '7')), path).toBe(true);
  });

  it('shows the tab bar on home, mine and order/repay-list only', () => {
    for (const path of ['/', '/home/no-auth', '/home/has-auth', '/mine', '/order/repay-list']) expect(showsTabBar(path), path).toBe(true);
    for (const path of ['/login', '/mine/settings', '/order/list', '/product/info', '/NotFound']) expect(showsTabBar(path), path).toBe(false);
  });
});
