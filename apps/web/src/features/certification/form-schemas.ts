import { operatorOtpSchema, personalDataFormSchema, workInfoFormSchema } from '@sen/contract';
import { z } from 'zod';

/*
 * The certification forms' schemas: the contract's, the same the server validates with (SPEC.md §5
 * messages). Loaded on demand (zod stays out of a page's first paint). Form values are texts; the
 * schemas read choices from numeric strings and the birth date from DD-MM-YYYY or MM/DD/YYYY.
 */

/** What the personal-data form holds: every value as typed or picked. */
export interface PersonalForm {
  userName: string;
  cardNo: string;
  sex: string;
  birthDate: string;
  education: string;
  marryState: string;
  loanPurpose: string;
  province: string;
  address: string;
  salary: string;
  email: string;
  /** Optional (SPEC.md §3 'Other'; API-FAMILY.md §5.6). */
  zaloAccount: string;
}

export const personalFormSchema = personalDataFormSchema() as unknown as z.ZodType<PersonalForm, PersonalForm>;

export interface WorkForm {
  industry: string;
  companyName: string;
  companyTel: string;
  companyAddress: string;
  /** Asked only when no e-mail is stored with the personal data (it is asked there, SPEC.md §3). */
  email: string;
  /** Optional (SPEC.md §3 'Other'). */
  facebookUid: string;
}

/** The work form without the e-mail (the personal data has it). */
export const workFormSchema = workInfoFormSchema({ askEmail: false }) as unknown as z.ZodType<WorkForm, WorkForm>;
/** The work form asking the e-mail too (none stored: personal data saved by a family client without one). */
export const workFormWithEmailSchema = workInfoFormSchema({ askEmail: true }) as unknown as z.ZodType<WorkForm, WorkForm>;

export interface OperatorCodeForm {
  otp: string;
}

export const operatorCodeFormSchema = z.object({ otp: operatorOtpSchema }) as z.ZodType<OperatorCodeForm, OperatorCodeForm>;
