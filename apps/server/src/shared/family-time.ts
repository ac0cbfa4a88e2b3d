/** 'yyyy-MM-dd HH:mm:ss' on Vietnam's clock, as the family's beans carry times. */
const vietnamTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Ho_Chi_Minh',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A moment as the family's clients read times: 'yyyy-MM-dd HH:mm:ss', Vietnam time. */
export function familyDateTime(date: Date): string {
  return vietnamTime.format(date);
}
