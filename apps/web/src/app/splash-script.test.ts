import { STORAGE_KEYS } from '@sen/contract';
import { afterEach, describe, expect, it } from 'vitest';
import html from '../../index.html?raw';

/*
 * The splash's inline script in index.html (decision 113): it runs before any of the app's code
 * (the CSP lets it by its hash) and writes the greeting and <html lang> in the stored language.
 */
const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');

function runSplash(stored: string | null): { greeting: string; lang: string } {
  document.body.innerHTML = '<h1 id="splash-title">Chào mừng đến với Sen</h1>';
  if (stored === null) localStorage.removeItem(STORAGE_KEYS.language);
  else localStorage.setItem(STORAGE_KEYS.language, stored);
  for (const script of scripts) new Function(script)();
  return { greeting: document.getElementById('splash-title')?.textContent ?? '', lang: document.documentElement.lang };
}

describe('the splash script', () => {
  afterEach(() => {
    localStorage.removeItem(STORAGE_KEYS.language);
    document.body.innerHTML = '';
  });

  it('is one inline script, reading the key the app stores the language under', () => {
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
  });

  it('greets in the stored language, Vietnamese by default or for an unknown value', () => {
    expect(runSplash('en')).toEqual({ greeting: 'Welcome to %SEN_PRODUCT_NAME%', lang: 'en' });
    expect(runSplash('zh')).toEqual({ greeting: '欢迎来到 %SEN_PRODUCT_NAME%', lang: 'zh-CN' });
    expect(runSplash('vn')).toEqual({ greeting: 'Chào mừng đến với %SEN_PRODUCT_NAME%', lang: 'vi' });
    expect(runSplash(null)).toMatchObject({ lang: 'vi' });
    expect(runSplash('fr')).toMatchObject({ lang: 'vi' });
  });
});
