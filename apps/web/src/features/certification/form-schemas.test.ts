import { translate } from '@sen/contract';
import { vietnamDate } from '@sen/domain';
import { describe, expect, it } from 'vitest';
import { operatorCodeFormSchema, personalFormSchema, workFormSchema, workFormWithEmailSchema, type PersonalForm } from './form-schemas.ts';

const valid: PersonalForm = {
  userName: 'Nguyễn Văn An',
  cardNo: '001095012345',
  sex: '1',
  birthDate: '12-04-1995',
  education: '6',
  marryState: '1',
  loanPurpose: '2',
  province: '79',
  address: '12 Lê Lợi, Quận 1',
  salary: '12000000',
  email: 'an@example.com',
  zaloAccount: '',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : translate('en', result.error!.issues[0]!.message as Parameters<typeof translate>[1]);

describe('personal-data form schema (the contract’s, as the server checks it)', () => {
  it('reads the form’s texts into what the server takes', () => {
    const parsed = personalFormSchema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ birthDate: '1995-04-12', sex: 1, province: 79, loanPurpose: 2 });
    expect((personalFormSchema.safeParse({ ...valid, birthDate: '04/12/1995' }).data as unknown as { birthDate: string }).birthDate).toBe('1995-04-12');
  });

  it.each<[Partial<PersonalForm>, string]>([
    [{ userName: '   ' }, 'Please input'],
    [{ cardNo: '12345' }, 'ID number must be 9 or 12 digits'],
    [{ sex: '' }, 'Please select'],
    [{ birthDate: '31-02-1995' }, 'Please enter a valid date'],
    [{ salary: '12tr' }, 'Only numbers are allowed'],
    [{ email: 'an@' }, 'Please enter the correct email format'],
    [{ loanPurpose: '' }, 'Please select'],
    [{ province: '74' }, 'Please select'],
    [{ address: ' ' }, 'Please input'],
  ])('%j → %s', (change, message) => {
    expect(firstMessage(personalFormSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('refuses someone who turns 18 tomorrow on Vietnam’s date and accepts someone who is 18 today', () => {
    const [year, month, day] = vietnamDate(new Date()).split('-').map(Number) as [number, number, number];
    const today = { year, month, day };
    const pad = (value: number) => String(value).padStart(2, '0');
    const tomorrow = new Date(Date.UTC(today.year - 18, today.month - 1, today.day + 1));
    const under = `${pad(tomorrow.getUTCDate())}-${pad(tomorrow.getUTCMonth() + 1)}-${tomorrow.getUTCFullYear()}`;
    expect(firstMessage(personalFormSchema.safeParse({ ...valid, birthDate: under }))).toBe('We refuse to lend money to under 18!');
    if (!(today.month === 2 && today.day === 29)) {
      expect(personalFormSchema.safeParse({ ...valid, birthDate: `${pad(today.day)}-${pad(today.month)}-${today.year - 18}` }).success).toBe(true);
    }
  });
});

describe('operator code and work forms', () => {
  it('takes 4 or 6 digits', () => {
    expect(operatorCodeFormSchema.safeParse({ otp: '1234' }).success).toBe(true);
    expect(operatorCodeFormSchema.safeParse({ otp: '123456' }).success).toBe(true);
    expect(firstMessage(operatorCodeFormSchema.safeParse({ otp: '12345' }))).toBe('Invalid OTP format');
  });

  it('asks for the company unless the industry is 19', () => {
    const work = { industry: '7', companyName: '', companyTel: '', companyAddress: '', email: 'a@b.vn', facebookUid: 'x' };
    expect(firstMessage(workFormSchema.safeParse(work))).toBe('Please input');
    expect(workFormSchema.safeParse({ ...work, industry: '19' }).success).toBe(true);
  });

  it('names every empty required field at once, the company too while the industry is not chosen', () => {
    const empty = { industry: '', companyName: '', companyTel: '', companyAddress: '', email: '', facebookUid: '' };
    const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths(workFormSchema.safeParse(empty))).toEqual(['companyAddress', 'companyName', 'companyTel', 'industry']);
    expect(paths(workFormWithEmailSchema.safeParse(empty))).toEqual(['companyAddress', 'companyName', 'companyTel', 'email', 'industry']);
  });

  it('takes Facebook UID as optional and the e-mail only when the form asks it (SPEC.md §3)', () => {
    const work = { industry: '7', companyName: 'Sen', companyTel: '0243', companyAddress: 'Hà Nội', email: '', facebookUid: '' };
    expect(workFormSchema.safeParse(work).success).toBe(true);
    expect(firstMessage(workFormWithEmailSchema.safeParse(work))).toBe('Please input');
    expect(workFormWithEmailSchema.safeParse({ ...work, email: 'a@b.vn' }).success).toBe(true);
  });
});
