import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../query/query-client.ts';
import { changeLanguage } from './i18n.ts';
import { storedLanguage } from './language.ts';

describe('changing the language (decision 113)', () => {
  afterEach(async () => {
    await changeLanguage('vn');
    queryClient.clear();
  });

  it('marks what the server wrote in the old language stale, so products, banners and messages come again in the new one', async () => {
    await changeLanguage('vn');
    queryClient.setQueryData(['home', 'index'], { productName: 'Sen Nhanh' });
    await changeLanguage('en');
    expect(storedLanguage()).toBe('en');
    expect(queryClient.getQueryState(['home', 'index'])?.isInvalidated).toBe(true);
  });

  it('leaves the cache alone when the language stays the same', async () => {
    await changeLanguage('zh');
    queryClient.setQueryData(['home', 'index'], { productName: 'Sen 快贷' });
    await changeLanguage('zh');
    expect(queryClient.getQueryState(['home', 'index'])?.isInvalidated).toBe(false);
  });
});
