import type { ProductInput } from '@sen/contract';
import type { ProductService } from './product.service.ts';

/**
 * The demo's loan products (SEED_DEMO): daily rates of 0.03 % and 0.04 % (SPEC.md §9), within the
 * 20 %/year cap; overdue charges at 150 % of the rate. Their signing code is optional (decision 112):
 * the family's native clients pointed at a demo can commit; the web app signs with the code anyway. Operators change them in
 * the back office (a four-eyes proposal at /api/admin/products/propose) or with `npm run products`.
 */
export const DEMO_PRODUCTS: ProductInput[] = [
  {
    code: 'sen-nhanh',
    name: 'Sen Nhanh',
    minAmount: 1_000_000,
    maxAmount: 5_000_000,
    termDays: 30,
    planNums: [1],
    dailyRatePpm: 300,
    serviceFeePpm: 10_000,
    overdueDailyRatePpm: 450,
    tags: ['0,03%/ngày', 'Giải ngân nhanh'],
    translations: { en: { name: 'Sen Express', tags: ['0.03%/day', 'Fast payout'] }, zh: { name: 'Sen 快贷', tags: ['0.03%/天', '快速放款'] } },
    dailyQuota: 500,
    sortOrder: 1,
    signingCode: 'optional',
  },
  {
    code: 'sen-linh-hoat',
    name: 'Sen Linh Hoạt',
    minAmount: 2_000_000,
    maxAmount: 10_000_000,
    termDays: 90,
    planNums: [1, 3],
    dailyRatePpm: 400,
    serviceFeePpm: 15_000,
    overdueDailyRatePpm: 600,
    tags: ['0,04%/ngày', 'Trả góp 3 kỳ'],
    translations: { en: { name: 'Sen Flex', tags: ['0.04%/day', '3 instalments'] }, zh: { name: 'Sen 灵活贷', tags: ['0.04%/天', '分3期还款'] } },
    newSign: true,
    dailyQuota: 200,
    sortOrder: 2,
    signingCode: 'optional',
  },
  {
    code: 'sen-plus',
    name: 'Sen Plus',
    minAmount: 3_000_000,
    maxAmount: 15_000_000,
    termDays: 180,
    planNums: [3, 6],
    dailyRatePpm: 400,
    serviceFeePpm: 20_000,
    overdueDailyRatePpm: 600,
    tags: ['0,04%/ngày', 'Hạn mức cao'],
    translations: { en: { tags: ['0.04%/day', 'Higher limit'] }, zh: { tags: ['0.04%/天', '高额度'] } },
    showConditionTypeSign: '1',
    newSign: true,
    dailyQuota: 100,
    sortOrder: 3,
    signingCode: 'optional',
  },
];

/** Adds the demo products once (a database that has any product is left alone). */
export async function seedDemoProducts(products: ProductService): Promise<void> {
  if ((await products.count()) > 0) return;
  for (const product of DEMO_PRODUCTS) await products.upsert(product);
}
