import { randomInt } from 'node:crypto';
import type { TestApp } from './test-app.ts';

/** A fresh CCCD-like ID number (12 digits) no other test borrower holds. */
export function randomIdNumber(): string {
  return `0${randomInt(10, 99)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * The personal-data step saved for `userId` through the profile service (the same rules as the
 * step): the name and ID number given, realistic values for the rest.
 */
export async function savePersonalData(t: TestApp, userId: string, person: { fullName: string; idNumber: string }): Promise<void> {
  await t.services.profile.savePersonalData(userId, {
    userName: person.fullName,
    cardNo: person.idNumber,
    sex: 2,
    birthDate: '1992-07-14',
    education: 6,
    marryState: 1,
    loanPurpose: 1,
    province: 1,
    address: 'Số 5 ngõ 12 Láng Hạ, Đống Đa',
    salary: '12000000',
    email: 'borrower@example.com',
    city: undefined,
    region: undefined,
  });
}
