import { describe, expect, it } from 'vitest';
import { REG_CLIENTS, detectRegClient } from './reg-client.ts';

const UA = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iPadLegacy:
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  zaloInApp:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS/434 ZaloTheme/light ZaloLanguage/vi',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  androidFacebook:
    'Mozilla/5.0 (Linux; Android 12; Redmi Note 11 Build/SKQ1.211103.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/468.0.0.48.104;]',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  ubuntuChrome: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
  pythonRequests: 'python-requests/2.32.3',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  iPadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  oddBot: 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
};

describe('detectRegClient', () => {
  it.each([
    ['iPhone Safari', UA.iPhone],
    ['iPhone Chrome', UA.iPhoneChrome],
    ['iPad (before iPadOS 13)', UA.iPadLegacy],
    ['Zalo in-app browser on iPhone', UA.zaloInApp],
  ])('%s → IOS', (_label, ua) => {
    expect(detectRegClient(ua)).toBe('IOS');
  });

  it.each([
    ['Android Chrome', UA.androidChrome],
    ['Samsung Internet', UA.androidSamsung],
    ['Facebook in-app browser on Android', UA.androidFacebook],
  ])('%s → Android', (_label, ua) => {
    expect(detectRegClient(ua)).toBe('Android');
  });

  it.each([
    ['Windows Chrome', UA.windowsChrome],
    ['Windows Edge', UA.windowsEdge],
    ['macOS Safari', UA.macSafari],
    ['Linux Firefox', UA.linuxFirefox],
    ['Ubuntu Chrome', UA.ubuntuChrome],
    ['ChromeOS', UA.chromeOs],
  ])('%s → PC', (_label, ua) => {
    expect(detectRegClient(ua)).toBe('PC');
  });

  it.each([
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
    ['curl', UA.curl],
    ['python-requests', UA.pythonRequests],
    ['Googlebot', UA.googlebot],
    ['an odd bot', UA.oddBot],
  ])('%s → UNKNOWN', (_label, ua) => {
    expect(detectRegClient(ua)).toBe('UNKNOWN');
  });

  it('sees iPadOS 13+ (which reports a Mac) as PC: the user agent alone cannot tell them apart', () => {
    expect(detectRegClient(UA.iPadDesktopMode)).toBe('PC');
  });

  it('only ever answers one of REG_CLIENTS', () => {
    for (const ua of Object.values(UA)) expect(REG_CLIENTS).toContain(detectRegClient(ua));
  });
});
