import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { activities, type ActivityTranslations } from '../../db/schema.ts';

export class ContentRepository {
  constructor(private readonly uow: UnitOfWork) {}

  /** The caller's open transaction, else the pool (decision 010): read per query, never kept. */
  private get db() {
    return this.uow.db;
  }

  /** Active banners whose window contains `now`, in display order. */
  activeActivities(now: Date) {
    return this.db
      .select({ id: activities.id, name: activities.name, summary: activities.summary, picUrl: activities.picUrl, h5Url: activities.h5Url, translations: activities.translations })
      .from(activities)
      .where(
        and(
          eq(activities.active, true),
          or(isNull(activities.startsAt), lte(activities.startsAt, now)),
          or(isNull(activities.endsAt), gt(activities.endsAt, now)),
        ),
      )
      .orderBy(asc(activities.sortOrder), asc(activities.id))
      .limit(20);
  }

  async insertActivity(input: { name: string; summary: string; picUrl: string; h5Url: string; translations?: ActivityTranslations; sortOrder: number }): Promise<void> {
    await this.db.insert(activities).values(input);
  }

  async countActivities(): Promise<number> {
    return (await this.db.$count(activities));
  }
}
