import { reasonSchema } from '@sen/contract';
import type { FormRule } from 'antd';
import { zodRule } from './zod-rule.ts';

/** A stated reason (reject, role change, deactivation): the contract's rule and message. */
export function reasonRule(): FormRule {
  return zodRule(reasonSchema);
}
