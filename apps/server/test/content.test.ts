import { API_PATHS, type CommonIndex } from '@sen/contract';
import { aprRange, scheduleApr, buildSchedule, vietnamDate } from '@sen/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../src/db/schema.ts';
import { loanTermsOf } from '../src/modules/product/index.ts';
import { demoProducts } from './helpers/loans.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    config: (config) => ({
      ...config,
      product: { maxLoanAmountVnd: 15_000_000, loanTermDays: 91, annualInterestRatePercent: 18 },
      support: { phone: '1900 1234', email: 'cs@sen.vn', zalo: '0912000111' },
      company: { legalName: 'Công ty TNHH Thử Nghiệm', licence: '0109999999', address: undefined },
    }),
  });
});
afterAll(async () => t?.close());

describe('common/index (visitor home)', () => {
  it('serves the configured figures and contacts to visitors, on POST and GET', async () => {
    for (const method of ['post', 'get'] as const) {
      const response = await t[method]<CommonIndex>(API_PATHS.commonIndex);
      const { aprRangePercent: _range, ...figures } = response.envelope.data;
      expect(figures).toEqual({
        maxAmount: 15_000_000,
        annualizedInterestRate: '18%',
        annualizedInterestRatePercent: 18,
        loanTerm: '91',
        currency: 'VND',
        currencySymbol: '₫',
        customerEmail: 'cs@sen.vn',
        customerPhone: '1900 1234',
        customerConfigs: [
          { title: 'Hotline', vernacularTitle: 'Tổng đài', enTitle: 'Hotline', content: '1900 1234', buttonType: 2 },
          { title: 'Email', vernacularTitle: 'Email', enTitle: 'Email', content: 'cs@sen.vn', buttonType: 1 },
          { title: 'Zalo', vernacularTitle: 'Zalo', enTitle: 'Zalo', content: '0912000111', buttonType: 1 },
        ],
        showBackButton: '1',
        appApplyJumpPage: null,
        companyLegalName: 'Công ty TNHH Thử Nghiệm',
        companyLicence: '0109999999',
        companyAddress: null,
      });
    }
  });

  it('shows the APR range of the products offered, fees included, computed by the domain (never the configured rate)', async () => {
    const products = [...(await demoProducts(t)).values()];
    const today = vietnamDate(t.clock.now());
    const loans = products.flatMap((product) => product.planNums.flatMap((planNums) => [product.minAmount, product.maxAmount].map((amount) => loanTermsOf(product, amount, planNums, today))));
    const expected = aprRange(loans)!;
    const data = (await t.post<CommonIndex>(API_PATHS.commonIndex)).envelope.data;
    expect(data.aprRangePercent).toEqual({ min: expected.minPercent, max: expected.maxPercent });
    // Every product's own APR lies within it, and the fees put it above the rate alone.
    for (const terms of loans) {
      const apr = scheduleApr(buildSchedule(terms)).aprPercent;
      expect(apr).toBeGreaterThanOrEqual(data.aprRangePercent!.min);
      expect(apr).toBeLessThanOrEqual(data.aprRangePercent!.max);
    }
    expect(data.aprRangePercent!.max).toBeGreaterThan(data.annualizedInterestRatePercent);
  });

  it('is signed like every call', async () => {
    expect((await t.post(API_PATHS.commonIndex, { sign: 'f'.repeat(32) })).envelope.code).not.toBe(200);
  });
});

describe('activity/list (banners)', () => {
  it('lists active banners in their window and order, on GET', async () => {
    const now = t.clock.now();
    const hour = 3_600_000;
    await t.database.db.insert(activities).values([
      { name: 'Second', summary: 's2', picUrl: '/b2.svg', h5Url: 'https://sen.vn/2', sortOrder: 2 },
      { name: 'First', summary: 's1', picUrl: '/b1.svg', h5Url: 'https://sen.vn/1', sortOrder: 1 },
      { name: 'Off', picUrl: '/off.svg', active: false },
      { name: 'Later', picUrl: '/later.svg', startsAt: new Date(now.getTime() + hour) },
      { name: 'Over', picUrl: '/over.svg', endsAt: new Date(now.getTime() - hour) },
    ]);
    const response = await t.get<{ name: string }[]>(API_PATHS.activityList);
    expect(response.envelope.data).toEqual([
      { id: expect.any(Number), name: 'First', summary: 's1', activityPicUrl: '/b1.svg', activityH5Url: 'https://sen.vn/1' },
      { id: expect.any(Number), name: 'Second', summary: 's2', activityPicUrl: '/b2.svg', activityH5Url: 'https://sen.vn/2' },
    ]);
  });

  it('gives each banner in the request’s lang: its translated text and picture, the Vietnamese for what is not translated (decision 113)', async () => {
    await t.database.db.delete(activities);
    await t.database.db.insert(activities).values({
      name: 'Sen',
      summary: 'Vay nhanh',
      picUrl: '/banners/a.svg',
      translations: { en: { summary: 'Fast loans', picUrl: '/banners/a.en.svg' }, zh: { summary: '快速借款' } },
    });
    const banner = async (lang?: 'en' | 'vn' | 'zh') => (await t.get<{ summary: string; activityPicUrl: string }[]>(API_PATHS.activityList, lang ? { lang } : {})).envelope.data[0];
    expect(await banner()).toMatchObject({ name: 'Sen', summary: 'Vay nhanh', activityPicUrl: '/banners/a.svg' });
    expect(await banner('vn')).toMatchObject({ summary: 'Vay nhanh', activityPicUrl: '/banners/a.svg' });
    expect(await banner('en')).toMatchObject({ name: 'Sen', summary: 'Fast loans', activityPicUrl: '/banners/a.en.svg' });
    expect(await banner('zh')).toMatchObject({ summary: '快速借款', activityPicUrl: '/banners/a.svg' });
  });
});
