import type { TranslationKey } from '../locales/en.ts';
import { paths, type RoutePath } from './paths.ts';

/**
 * Routes of SPEC.md §2 whose screens later issues build. Each is registered now with its real
 * title and a back button, and shows no data.
 */
export const PLACEHOLDER_ROUTES: { path: RoutePath; titleKey: TranslationKey }[] = [
  { path: paths.aboutUs, titleKey: 'page.aboutUs' },
  { path: paths.contactUs, titleKey: 'page.contactUs' },
  { path: paths.closeAccount, titleKey: 'page.closeAccount' },
  { path: paths.closeAccountSucceed, titleKey: 'page.closeAccountSucceed' },
  { path: paths.feedback, titleKey: 'page.feedback' },
  { path: paths.orderBatchRepayList, titleKey: 'page.batchRepayList' },
  { path: paths.orderInfo, titleKey: 'page.orderInfo' },
  { path: paths.orderList, titleKey: 'page.orderList' },
  { path: paths.orderRepayList, titleKey: 'page.repayList' },
  { path: paths.productInfo, titleKey: 'page.productInfo' },
  { path: paths.productFailed, titleKey: 'page.productFailed' },
  { path: paths.productSucceed, titleKey: 'page.productSucceed' },
];
