import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ContentRepository } from './content.repository.ts';

/** Banners of a demo database (SEED_DEMO): pictures shipped with the web app, under /banners. */
const DEMO_ACTIVITIES = [
  { name: 'Sen', summary: 'Vay nhanh, an toàn & minh bạch', picUrl: '/banners/sen-lotus.svg', h5Url: '', translations: { en: { summary: 'Fast, safe & transparent loans', picUrl: '/banners/sen-lotus.en.svg' }, zh: { summary: '快速、安全、透明的借款', picUrl: '/banners/sen-lotus.zh.svg' } }, sortOrder: 1 },
  { name: 'Sen', summary: 'Trả đúng hạn, hạn mức cao hơn', picUrl: '/banners/sen-growth.svg', h5Url: '', translations: { en: { summary: 'Repay on time, get a higher limit', picUrl: '/banners/sen-growth.en.svg' }, zh: { summary: '按时还款，额度更高', picUrl: '/banners/sen-growth.zh.svg' } }, sortOrder: 2 },
];

/** Adds the demo banners once (a database that has any banner is left alone). */
export async function seedDemoActivities(uow: UnitOfWork): Promise<void> {
  const repository = new ContentRepository(uow);
  if ((await repository.countActivities()) > 0) return;
  for (const activity of DEMO_ACTIVITIES) await repository.insertActivity(activity);
}
