import type { CollectionCase, OperatorRef } from '@sen/contract';
import { App, Select } from 'antd';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { useAssignCase } from './collection-queries.ts';

const RULE = 'rule';

/** An admin assigns a case by hand (or hands it back to the rule); one audit row per change on the server. */
export function AssignSelect({ caseRow, collectors }: { caseRow: CollectionCase; collectors: ReadonlyArray<OperatorRef & { open: number }> }) {
  const { t } = useT();
  const { message } = App.useApp();
  const assign = useAssignCase();
  const value = caseRow.assignee && caseRow.assignedBy === 'hand' ? String(caseRow.assignee.id) : caseRow.assignee ? `${RULE}:${caseRow.assignee.id}` : RULE;
  return (
    <Select
      value={value}
      loading={assign.isPending}
      style={{ minWidth: 220 }}
      aria-label={t('collections.assignFor', { orderNo: caseRow.orderNo })}
      onChange={(next: string) => {
        if (next === value) return;
        const operatorId = next === RULE || next.startsWith(`${RULE}:`) ? null : Number(next);
        assign.mutate(
          { caseId: caseRow.id, operatorId },
          { onSuccess: () => void message.success(t('collections.assigned')), onError: (failure) => void message.error(errorMessage(failure)) },
        );
      }}
      options={[
        {
          value: caseRow.assignee && caseRow.assignedBy === 'rule' ? `${RULE}:${caseRow.assignee.id}` : RULE,
          label: caseRow.assignee && caseRow.assignedBy === 'rule' ? t('collections.byRuleTo', { name: caseRow.assignee.name || caseRow.assignee.email }) : t('collections.byRule'),
        },
        ...collectors.map((collector) => ({ value: String(collector.id), label: `${collector.name || collector.email} (${collector.open})` })),
      ]}
    />
  );
}
