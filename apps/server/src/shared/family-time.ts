import { vietnamDateTime } from '@sen/domain';

/** A moment as the family's clients read times: 'yyyy-MM-dd HH:mm:ss', Vietnam time. */
export function familyDateTime(date: Date): string {
  return vietnamDateTime(date);
}
