import type { Language } from '../constants.ts';

/**
 * Relationship codes of the two emergency contacts (SPEC.md §3: "two, each with a relationship (1
 * and 2)"): 1 a family member, 2 a friend or colleague — the two lists the family's clients pick
 * from (`relatives` for contact 1, `otherRelatives` for contact 2, API-FAMILY.md §5.7). Sent as an
 * int in `relativesInfoVOList[].relatives`.
 *
 * Local to the bank module until the shared reference data (packages/contract/src/reference/)
 * carries the relationships; then this file should re-export from there.
 */
export const EMERGENCY_RELATIONSHIP = { FAMILY: 1, FRIEND: 2 } as const;
export type EmergencyRelationship = (typeof EMERGENCY_RELATIONSHIP)[keyof typeof EMERGENCY_RELATIONSHIP];

export const EMERGENCY_RELATIONSHIP_CODES: readonly EmergencyRelationship[] = [EMERGENCY_RELATIONSHIP.FAMILY, EMERGENCY_RELATIONSHIP.FRIEND];

export const EMERGENCY_RELATIONSHIP_LABELS: Record<EmergencyRelationship, Record<Language, string>> = {
  1: { en: 'Family member', vn: 'Người thân', zh: '家人' },
  2: { en: 'Friend or colleague', vn: 'Bạn bè / Đồng nghiệp', zh: '朋友或同事' },
};

export function isEmergencyRelationship(code: number): code is EmergencyRelationship {
  return (EMERGENCY_RELATIONSHIP_CODES as readonly number[]).includes(code);
}
