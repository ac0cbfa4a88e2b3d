import type { TranslationKey } from '../locales/en.ts';
import { paths, type RoutePath } from './paths.ts';

/**
 * Routes of SPEC.md §2 whose screens later issues build. Each is registered now with its real
 * title and a back button, and shows no data.
 */
export const PLACEHOLDER_ROUTES: { path: RoutePath; titleKey: TranslationKey }[] = [
  { path: paths.orderBatchRepayList, titleKey: 'page.batchRepayList' },
  { path: paths.orderInfo, titleKey: 'page.orderInfo' },
  { path: paths.orderList, titleKey: 'page.orderList' },
  { path: paths.orderRepayList, titleKey: 'page.repayList' },
  { path: paths.productInfo, titleKey: 'page.productInfo' },
  { path: paths.productFailed, titleKey: 'page.productFailed' },
  { path: paths.productSucceed, titleKey: 'page.productSucceed' },
];
