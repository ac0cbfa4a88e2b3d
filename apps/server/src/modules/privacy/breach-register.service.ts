import { BREACH_NOTIFY_HOURS, type BreachView } from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/app-error.ts';
import type { BreachesRepository, ListedBreach } from './breaches.repository.ts';

const HOUR_MS = 3_600_000;

function view(row: ListedBreach): BreachView {
  return {
    id: row.id,
    discoveredAt: row.discoveredAt.toISOString(),
    description: row.description,
    dataAffected: row.dataAffected,
    borrowersAffected: row.borrowersAffected,
    notifyBy: row.notifyBy.toISOString(),
    notifiedAt: row.notifiedAt?.toISOString() ?? null,
    notificationReference: row.notificationReference ?? null,
    recordedBy: row.recordedByRef,
    recordedAt: row.recordedAt.toISOString(),
    notifiedBy: row.notifiedByRef,
  };
}

/**
 * The personal-data breach register (decision 116): each breach with the 72-hour clock from its
 * discovery to the notification of the authority (A05, Ministry of Public Security).
 */
export class BreachRegisterService {
  constructor(
    private readonly repository: BreachesRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<BreachView[]> {
    return (await this.repository.list()).map(view);
  }

  /** Records a breach; a discovery in the future is refused (a typing mistake would stop the clock). */
  async record(input: { discoveredAt: string; description: string; dataAffected: string; borrowersAffected: number }, operatorId: number): Promise<BreachView> {
    const now = this.clock();
    const discoveredAt = new Date(input.discoveredAt);
    if (discoveredAt.getTime() > now.getTime() + 60_000) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.breachInFuture' });
    return this.uow.transaction(async () => {
      const row = await this.repository.insert({
        discoveredAt,
        description: input.description,
        dataAffected: input.dataAffected,
        borrowersAffected: input.borrowersAffected,
        notifyBy: new Date(discoveredAt.getTime() + BREACH_NOTIFY_HOURS * HOUR_MS),
        recordedBy: operatorId,
        recordedAt: now,
      });
      const [listed] = await this.repository.list(row.id);
      return view(listed!);
    });
  }

  /** Records the notification of the authority; BREACH_ALREADY_NOTIFIED the second time. */
  async markNotified(id: number, notifiedAt: string, reference: string, operatorId: number): Promise<{ before: BreachView; after: BreachView }> {
    const at = new Date(notifiedAt);
    if (at.getTime() > this.clock().getTime() + 60_000) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.breachInFuture' });
    return this.uow.transaction(async () => {
      if (!(await this.repository.lock(id))) throw new AppError('BREACH_NOT_FOUND');
      const [before] = await this.repository.list(id);
      if (before!.notifiedAt) throw new AppError('BREACH_ALREADY_NOTIFIED');
      await this.repository.markNotified(id, { notifiedAt: at, notificationReference: reference, notifiedBy: operatorId });
      const [after] = await this.repository.list(id);
      return { before: view(before!), after: view(after!) };
    });
  }
}
