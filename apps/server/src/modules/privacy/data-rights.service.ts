import {
  DATA_REQUEST_DEADLINES,
  maskPhone,
  type AdminDataRequest,
  type ConsentPurpose,
  type DataRequestFilter,
  type DataRequestView,
  type MyDataRights,
  type ParsedFileDataRequest,
} from '@sen/contract';
import { addVietnamDays, addVietnamWorkingDays, vietnamDate, type IsoDate } from '@sen/domain';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/app-error.ts';
import type { DataRequestRow, DataRequestsRepository, ListedDataRequest } from './data-requests.repository.ts';

/** What an operator's action on a request answers, with the audit row's before and after. */
export interface DataRequestChange {
  before: DataRequestView;
  after: AdminDataRequest;
}

/** The deadlines of a request filed at `filedAt` (Vietnam days; decision 116). */
export function dataRequestDeadlines(filedAt: Date): { acknowledgeDue: string; due: string } {
  const filedOn = vietnamDate(filedAt);
  return {
    acknowledgeDue: addVietnamWorkingDays(filedOn, DATA_REQUEST_DEADLINES.acknowledgeWorkingDays),
    due: addVietnamDays(filedOn, DATA_REQUEST_DEADLINES.completeDays),
  };
}

function view(row: DataRequestRow): DataRequestView {
  return {
    id: row.id,
    kind: row.kind,
    consent: row.consent ?? null,
    details: row.details,
    state: row.state,
    filedAt: row.filedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt.toISOString(),
    acknowledgeDue: row.acknowledgeDue,
    due: row.due,
    extendedDue: row.extendedDue ?? null,
    extensionReason: row.extensionReason ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    outcome: row.outcome ?? null,
  };
}

/**
 * The operators' reminder of a request on `today` (decision 121): an open request past the end of
 * its due day (the extended one if extended) is overdue; one due by the end of the
 * `remindWorkingDays`-th working day from today is due soon (a Friday's reminder reaches over the
 * weekend to Tuesday).
 */
export function dataRequestReminder(row: Pick<DataRequestRow, 'state' | 'due' | 'extendedDue'>, today: IsoDate): AdminDataRequest['reminder'] {
  if (row.state !== 'open') return null;
  const due = row.extendedDue ?? row.due;
  if (due < today) return 'overdue';
  return due <= reminderHorizon(today) ? 'due_soon' : null;
}

/** The last due day that is "due soon" on `today`. */
function reminderHorizon(today: IsoDate): IsoDate {
  return addVietnamWorkingDays(today, DATA_REQUEST_DEADLINES.remindWorkingDays);
}

function adminView(row: ListedDataRequest, today: IsoDate): AdminDataRequest {
  return {
    reminder: dataRequestReminder(row, today),
    ...view(row),
    userId: row.publicId,
    phoneMasked: maskPhone(row.phone),
    extendedBy: row.extendedByRef,
    extendedAt: row.extendedAt?.toISOString() ?? null,
    closedBy: row.closedByRef,
  };
}

/**
 * The borrower's data rights with deadlines (issue 25 item 9; decision 116): requests filed and
 * acknowledged at once, one open per kind; consents withdrawn at once (and given again); the
 * operators' queue with one extension of up to 15 days, completion and refusal.
 */
export class DataRightsService {
  constructor(
    private readonly repository: DataRequestsRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /**
   * Files a request. A consent withdrawal takes effect in the same transaction and the request is
   * closed with it (no operator step: the law wants it at once); any other kind stays open for an
   * operator. DATA_REQUEST_OPEN when one of its kind is open; CONSENT_ALREADY_WITHDRAWN.
   */
  async file(userId: string, input: ParsedFileDataRequest): Promise<DataRequestView> {
    const now = this.clock();
    const withdrawal = input.kind === 'withdraw_consent' ? (input.consent ?? null) : null;
    if (input.kind === 'withdraw_consent' && !withdrawal) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.dataRequest.consentRequired' });
    return this.uow.transaction(async () => {
      const row = await this.repository.insert({
        userId,
        kind: input.kind,
        consent: withdrawal,
        details: input.details,
        state: withdrawal ? 'completed' : 'open',
        filedAt: now,
        acknowledgedAt: now,
        ...dataRequestDeadlines(now),
        ...(withdrawal ? { closedAt: now, outcome: null } : {}),
      });
      if (!row) throw new AppError('DATA_REQUEST_OPEN');
      if (withdrawal && !(await this.repository.withdraw(userId, withdrawal, row.id, now))) throw new AppError('CONSENT_ALREADY_WITHDRAWN');
      return view(row);
    });
  }

  async mine(userId: string): Promise<MyDataRights> {
    // One after the other: inside a caller's transaction both run on its one connection.
    const requests = await this.repository.listForUser(userId);
    const withdrawn = await this.repository.liveWithdrawals(userId);
    return { requests: requests.map(view), withdrawnConsents: withdrawn.map((row) => ({ consent: row.consent, withdrawnAt: row.withdrawnAt.toISOString() })) };
  }

  /** Gives a withdrawn consent again. CONSENT_NOT_WITHDRAWN when it is not withdrawn. */
  async restore(userId: string, consent: ConsentPurpose): Promise<null> {
    if (!(await this.repository.restore(userId, consent, this.clock()))) throw new AppError('CONSENT_NOT_WITHDRAWN');
    return null;
  }

  /** The export section (issue 13's data export): the borrower's requests and withdrawals. */
  exportFor(userId: string): Promise<MyDataRights> {
    return this.mine(userId);
  }

  async queue(filter: DataRequestFilter): Promise<AdminDataRequest[]> {
    const today = vietnamDate(this.clock());
    const rows = filter === 'due_soon' ? await this.repository.list('open', { dueBy: reminderHorizon(today) }) : await this.repository.list(filter);
    return rows.map((row) => adminView(row, today));
  }

  /** Extends an open request once by `days` (1..15) from its due day. Runs in the caller's audited transaction. */
  extend(id: number, days: number, reason: string, operatorId: number): Promise<DataRequestChange> {
    if (!Number.isInteger(days) || days < 1 || days > DATA_REQUEST_DEADLINES.maxExtensionDays) {
      throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.admin.extensionDays' });
    }
    return this.change(id, (row) => {
      if (row.extendedDue !== null) throw new AppError('DATA_REQUEST_EXTENDED');
      return { extendedDue: addVietnamDays(row.due, days), extensionReason: reason, extendedBy: operatorId, extendedAt: this.clock() };
    });
  }

  complete(id: number, note: string, operatorId: number): Promise<DataRequestChange> {
    return this.change(id, () => ({ state: 'completed', outcome: note, closedBy: operatorId, closedAt: this.clock() }));
  }

  refuse(id: number, reason: string, operatorId: number): Promise<DataRequestChange> {
    return this.change(id, () => ({ state: 'refused', outcome: reason, closedBy: operatorId, closedAt: this.clock() }));
  }

  /** Locks the request, refuses it unless open, applies `change`, answers before and after. */
  private async change(id: number, change: (row: DataRequestRow) => Partial<DataRequestRow>): Promise<DataRequestChange> {
    return this.uow.transaction(async () => {
      const row = await this.repository.lock(id);
      if (!row) throw new AppError('DATA_REQUEST_NOT_FOUND');
      if (row.state !== 'open') throw new AppError('DATA_REQUEST_CLOSED');
      await this.repository.update(id, change(row));
      const after = await this.repository.find(id);
      return { before: view(row), after: adminView(after!, vietnamDate(this.clock())) };
    });
  }
}
