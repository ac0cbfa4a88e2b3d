import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import {
  digitsOnlySchema,
  emailSchema,
  idNumberSchema,
  operatorOtpSchema,
  phoneSchema,
  requiredText,
  wireBirthDateSchema,
} from '../validation.ts';
import { isWireAbsent, plainText } from '../wire.ts';
import { OPERATOR_COMPANIES } from '../reference/operators.ts';
import { optionStates as optionStatesOf } from '../reference/localized.ts';
import {
  EDUCATION_LEVELS,
  GENDERS,
  INDUSTRIES,
  INDUSTRY_NO_COMPANY,
  JOB_NATURES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  WORK_TIMES,
} from '../reference/options.ts';
import { PROVINCES } from '../reference/provinces.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/*
 * Personal data, supplementary (work) information and the operator check (API-FAMILY.md §5.6-5.8,
 * §5.10, §5.11). The request schemas are the forms' schemas too (SPEC.md §5): one rule, one message,
 * in the form and in the server's answer. Every text is trimmed, whitespace-only counts as empty,
 * and the family's "null" counts as absent.
 */

const SELECT = { error: 'validation.select' } as const;
const absentToUndefined = (value: unknown) => (isWireAbsent(typeof value === 'string' ? value.trim() : value) ? undefined : value);
const toTrimmedText = (value: unknown) => {
  const absent = absentToUndefined(value);
  if (absent === undefined) return undefined;
  if (typeof absent === 'number' && Number.isFinite(absent)) return String(absent);
  return typeof absent === 'string' ? absent.trim() : absent;
};

/** A required free text up to `max` characters, no control characters: 'Please input'. */
export function profileText(max: number) {
  return z.preprocess(toTrimmedText, requiredText.max(max, { error: 'error.requestFailed' }).pipe(plainText(max)));
}

/** An optional free text; absent, blank and "null" → undefined. */
export function optionalProfileText(max: number) {
  return z.preprocess(toTrimmedText, plainText(max).optional());
}

/** A required choice among `states` (number or numeric string on the wire): 'Please select'. */
export function choiceOf(states: readonly number[]) {
  return z.preprocess(
    (value) => {
      const present = absentToUndefined(value);
      return typeof present === 'string' && /^\d{1,9}$/.test(present.trim()) ? Number(present.trim()) : present;
    },
    z.number(SELECT).int(SELECT).refine((value) => states.includes(value), SELECT),
  );
}

/** An optional choice among `states`. */
export function optionalChoiceOf(states: readonly number[]) {
  return z.preprocess(
    (value) => {
      const present = absentToUndefined(value);
      return typeof present === 'string' && /^\d{1,9}$/.test(present.trim()) ? Number(present.trim()) : present;
    },
    z.number(SELECT).int(SELECT).refine((value) => states.includes(value), SELECT).optional(),
  );
}

const PROVINCE_IDS = PROVINCES.map((entry) => entry.id);

/** A required province id from `address/list` ('Please select'). */
export function provinceIdSchema(ids: readonly number[]) {
  return choiceOf(ids);
}

const text = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(toTrimmedText, schema);

/**
 * The personal-data fields (SPEC.md §3, §5) as `userBaseExt/save/v2` takes them from any client of
 * the family: the name either split (`firstName` + `lastName`, VT/VH2) or whole (`userName`, KMP);
 * `birthDate` yyyy-MM-dd; ids and enum states as numbers or numeric strings. Fields only some
 * clients send (loan purpose, e-mail, job, industry, work time, Zalo) are optional on the wire;
 * the web form requires loan purpose and e-mail (personalDataFormSchema).
 */
export function personalDataFieldsSchema(options: { today?: (() => Date) | null } = {}) {
  return z.object({
    userName: optionalProfileText(100),
    firstName: optionalProfileText(60),
    lastName: optionalProfileText(60),
    cardNo: text(idNumberSchema),
    sex: choiceOf(optionStatesOf(GENDERS)),
    birthDate: text(wireBirthDateSchema(options.today)),
    education: choiceOf(optionStatesOf(EDUCATION_LEVELS)),
    marryState: choiceOf(optionStatesOf(MARITAL_STATUSES)),
    loanPurpose: optionalChoiceOf(optionStatesOf(LOAN_PURPOSES)),
    purpose: optionalChoiceOf(optionStatesOf(LOAN_PURPOSES)),
    province: provinceIdSchema(PROVINCE_IDS),
    /** No wards are shipped (decision 043): anything below a province must be absent. */
    city: z.preprocess(absentToUndefined, z.undefined(SELECT)),
    region: z.preprocess(absentToUndefined, z.undefined(SELECT)),
    address: optionalProfileText(200),
    currentAddress: optionalProfileText(200),
    salary: text(digitsOnlySchema.max(12, { error: 'error.requestFailed' })),
    email: z.preprocess(toTrimmedText, emailSchema.max(100, { error: 'error.requestFailed' }).optional()),
    jobNature: optionalChoiceOf(optionStatesOf(JOB_NATURES)),
    industry: optionalChoiceOf(optionStatesOf(INDUSTRIES)),
    workTime: optionalChoiceOf(optionStatesOf(WORK_TIMES)),
    zaloAccount: optionalProfileText(60),
  });
}

interface NameAndAddress {
  userName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  address?: string | undefined;
  currentAddress?: string | undefined;
}

/** The whole name from either form; the detailed address from either field. Both are required. */
function refinePersonal(value: NameAndAddress, context: z.RefinementCtx) {
  const fullName = value.userName ?? [value.lastName, value.firstName].filter(Boolean).join(' ');
  if (!fullName) context.addIssue({ code: 'custom', message: 'validation.required', path: ['userName'] });
  if (!(value.address ?? value.currentAddress)) context.addIssue({ code: 'custom', message: 'validation.required', path: ['address'] });
}

export function personalDataRequestSchema(options: { today?: (() => Date) | null } = {}) {
  return personalDataFieldsSchema(options).superRefine(refinePersonal);
}

/** What the web form checks before sending: the wire rules, with the whole name, address, loan purpose and e-mail required. */
export function personalDataFormSchema(options: { today?: (() => Date) | null } = {}) {
  return personalDataFieldsSchema(options)
    .extend({
      // The form has one name field and one address field: required as fields, so their
      // messages show together with the others (an object's refinement runs only once they pass).
      userName: profileText(100),
      address: profileText(200),
      loanPurpose: choiceOf(optionStatesOf(LOAN_PURPOSES)),
      email: text(emailSchema.max(100, { error: 'error.requestFailed' })),
    })
    .superRefine(refinePersonal);
}

export type PersonalDataRequest = z.input<ReturnType<typeof personalDataRequestSchema>>;
export type ParsedPersonalDataRequest = z.output<ReturnType<typeof personalDataRequestSchema>>;

/**
 * Supplementary information (API-FAMILY.md §5.10): company, e-mail, Facebook. The company is
 * required (SPEC.md §3) and skipped for industry 19. The e-mail is asked on the personal-data page
 * (SPEC.md §3 Personal information): optional here, KMP's supplementary page still sends it and the
 * server falls back to the stored one. Facebook UID and Zalo are SPEC.md's 'Other': optional.
 */
const workInfoFieldsSchema = z.object({
  purpose: optionalChoiceOf(optionStatesOf(LOAN_PURPOSES)),
  email: z.preprocess(toTrimmedText, emailSchema.max(100, { error: 'error.requestFailed' }).optional()),
  industry: choiceOf(optionStatesOf(INDUSTRIES)),
  companyName: optionalProfileText(120),
  companyTel: z.preprocess(toTrimmedText, digitsOnlySchema.max(15, { error: 'error.requestFailed' }).optional()),
  companyAddress: optionalProfileText(200),
  facebookUid: optionalProfileText(100),
  facebookAccount: optionalProfileText(100),
  telegramAccount: optionalProfileText(100),
  zaloAccount: optionalProfileText(60),
});

function refineCompany(value: { industry: number; companyName?: string | undefined; companyTel?: string | undefined; companyAddress?: string | undefined }, context: z.RefinementCtx) {
  if (value.industry === INDUSTRY_NO_COMPANY) return;
  for (const field of ['companyName', 'companyTel', 'companyAddress'] as const) {
    if (value[field] === undefined) context.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
  }
}

export const workInfoRequestSchema = workInfoFieldsSchema.superRefine(refineCompany);

/**
 * What the web form checks: the wire rules, with the e-mail required only when the form asks it
 * (no e-mail stored with the personal data, e.g. saved by a family client that does not send one).
 */
export function workInfoFormSchema(options: { askEmail: boolean }) {
  const fields = options.askEmail ? workInfoFieldsSchema.extend({ email: text(emailSchema.max(100, { error: 'error.requestFailed' })) }) : workInfoFieldsSchema;
  // The company's check runs even when another field failed (zod skips an object's refinement
  // then): an empty form shows every message at once, not the industry's alone.
  return fields.superRefine(refineCompany, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
}
export type WorkInfoRequest = z.input<typeof workInfoRequestSchema>;
export type ParsedWorkInfoRequest = z.output<typeof workInfoRequestSchema>;

export const operatorCompanySchema = z.preprocess(toTrimmedText, z.enum(OPERATOR_COMPANIES, SELECT));

/** otp/one: ask the operator for the first code. `phone`, when sent, must be the signed-in user's. */
export const operatorStartRequestSchema = z.object({
  phone: z.preprocess(toTrimmedText, phoneSchema.optional()),
  company: operatorCompanySchema,
});

/** otp/two and otp/three: a 4- or 6-digit code. otp/two without `otp` resends the second code (our web app). */
export const operatorCodeRequestSchema = z.object({
  phone: z.preprocess(toTrimmedText, phoneSchema.optional()),
  company: operatorCompanySchema,
  otp: text(operatorOtpSchema),
});
export const operatorSecondStepRequestSchema = operatorCodeRequestSchema.extend({
  otp: z.preprocess(toTrimmedText, operatorOtpSchema.optional()),
});

export const operatorStepResponseSchema = z.object({
  /** The call the client makes next: 'two', 'three', or 'done' when the operator check passed. */
  next: z.enum(['two', 'three', 'done']),
  /** Digits of the code just sent (0 when none was sent). */
  codeLength: z.number().int(),
  /** Seconds before another code may be asked for (0 when none was sent). */
  resendAfterSeconds: z.number().int(),
});
export type OperatorStepResponse = z.infer<typeof operatorStepResponseSchema>;

const enumItem = z.object({ state: z.union([z.number().int(), z.string()]), info: z.string(), id: z.union([z.number().int(), z.string()]) });
export type EnumItem = z.infer<typeof enumItem>;

export const personalEnumResponseSchema = z.object({
  gender: z.array(enumItem),
  maritalStatus: z.array(enumItem),
  education: z.array(enumItem),
  purpose: z.array(enumItem),
  workTime: z.array(enumItem),
  language: z.array(enumItem),
  idCardTypeV2: z.array(enumItem),
  /** Monthly income bands (Sen's addition; the family's clients ignore unknown fields). */
  salaryRange: z.array(enumItem),
});
export type PersonalEnumResponse = z.infer<typeof personalEnumResponseSchema>;

export const workEnumResponseSchema = z.object({
  relatives: z.array(enumItem),
  otherRelatives: z.array(enumItem),
  salaryRange: z.array(enumItem),
  jobnature: z.array(enumItem),
  staffSize: z.array(enumItem),
  industry: z.array(enumItem),
});
export type WorkEnumResponse = z.infer<typeof workEnumResponseSchema>;

export const addressListRequestSchema = z.object({
  parentId: z.preprocess(
    (value) => {
      const present = absentToUndefined(value);
      return typeof present === 'string' && /^\d{1,9}$/.test(present.trim()) ? Number(present.trim()) : present;
    },
    z.number().int().min(0).optional(),
  ),
});
export const addressItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int(),
  /** The Vietnamese name. */
  name: z.string(),
  /** The name in the request's language (English or Chinese; the Vietnamese name again for vn). */
  otherName: z.string(),
  type: z.number().int(),
  countryId: z.number().int(),
});
export const addressListResponseSchema = z.array(addressItemSchema);
export type AddressItem = z.infer<typeof addressItemSchema>;

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

/** `userBaseExt/info` (API-FAMILY.md §5.6): null fields until the step is saved. */
export const personalInfoResponseSchema = z.object({
  id: nullableInt,
  userId: z.number().int(),
  userName: nullableString,
  firstName: nullableString,
  lastName: nullableString,
  /** The owner's ID number in full (clients prefill it and send it back); the web app shows it masked. */
  cardNo: nullableString,
  sex: nullableInt,
  sexStr: nullableString,
  birthDate: nullableString,
  /** dd-MM-yyyy, as the family's clients show it. */
  birthDateStr: nullableString,
  education: nullableInt,
  educationStr: nullableString,
  marryState: nullableInt,
  marryStateStr: nullableString,
  purpose: nullableInt,
  purposeStr: nullableString,
  province: nullableInt,
  provinceStr: nullableString,
  city: nullableInt,
  cityStr: nullableString,
  region: nullableInt,
  regionStr: nullableString,
  address: nullableString,
  currentAddress: nullableString,
  salary: nullableInt,
  salaryRange: nullableInt,
  salaryRangeStr: nullableString,
  email: nullableString,
  zaloAccount: nullableString,
  jobNature: nullableString,
  industry: nullableString,
  workTime: nullableString,
  telecom: nullableString,
  telecomPhone: nullableString,
  /** The operator's `company` code (Sen's addition). */
  telecomCompany: nullableString,
  cardName: nullableString,
});
export type PersonalInfo = z.infer<typeof personalInfoResponseSchema>;

/** `userWork/info` (API-FAMILY.md §5.8). The contact fields belong to the receiving-account step. */
export const workInfoResponseSchema = z.object({
  id: nullableInt,
  userId: z.number().int(),
  companyName: nullableString,
  companyTel: nullableString,
  companyAddress: nullableString,
  industry: nullableInt,
  industryStr: nullableString,
  salaryRange: nullableInt,
  jobNature: nullableInt,
  jobNatureStr: nullableString,
  staffSize: nullableInt,
  email: nullableString,
  purpose: nullableInt,
  relatives: nullableInt,
  relativesStr: nullableString,
  relativesName: nullableString,
  relativesMobile: nullableString,
  otherRelatives: nullableInt,
  otherRelativesStr: nullableString,
  otherName: nullableString,
  otherMobile: nullableString,
  accountUser: nullableString,
  zaloAccount: nullableString,
  facebookUid: nullableString,
  facebookAccount: nullableString,
  telegramAccount: nullableString,
});
export type WorkInfo = z.infer<typeof workInfoResponseSchema>;

const session = {
  signed: true,
  session: 'required',
  module: 'certification',
} as const;

export const personalEnumEndpoint = defineEndpoint({
  ...session,
  id: 'getPersonalEnums',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.personalEnum,
  summary: 'The choice lists of the personal-data step, labelled in the request language.',
  request: emptyRequestSchema,
  response: personalEnumResponseSchema,
  errors: ['SESSION_EXPIRED'],
});

export const personalInfoEndpoint = defineEndpoint({
  ...session,
  id: 'getPersonalInfo',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.personalInfo,
  summary: "The signed-in user's personal data and verified operator (only the caller's own).",
  request: emptyRequestSchema,
  response: personalInfoResponseSchema,
  errors: ['SESSION_EXPIRED'],
});

export const addressListEndpoint = defineEndpoint({
  ...session,
  id: 'listAddresses',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.addressList,
  summary: "Vietnam's 34 provinces and cities (no parentId); below a province, an empty list (no wards shipped).",
  request: addressListRequestSchema,
  response: addressListResponseSchema,
  errors: ['SESSION_EXPIRED'],
});

export const personalSaveEndpoint = defineEndpoint({
  ...session,
  id: 'savePersonalData',
  method: 'POST',
  path: API_PATHS.personalSave,
  summary: 'Saves the personal-data step whole (the ID item); a correction may not change the ID number.',
  // The age rule runs in the handler with the same schema on the server's clock (today: null here).
  request: personalDataRequestSchema({ today: null }),
  response: nullResponseSchema,
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'ID_NUMBER_TAKEN', 'ID_NUMBER_LOCKED'],
});

export const workEnumEndpoint = defineEndpoint({
  ...session,
  id: 'getWorkEnums',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.workEnum,
  summary: 'The choice lists of the work and contacts steps, labelled in the request language.',
  request: emptyRequestSchema,
  response: workEnumResponseSchema,
  errors: ['SESSION_EXPIRED'],
});

export const workInfoEndpoint = defineEndpoint({
  ...session,
  id: 'getWorkInfo',
  method: 'POST',
  alsoAnswers: ['GET'],
  path: API_PATHS.workInfo,
  summary: "The signed-in user's supplementary (work) information.",
  request: emptyRequestSchema,
  response: workInfoResponseSchema,
  errors: ['SESSION_EXPIRED'],
});

export const workSaveEndpoint = defineEndpoint({
  ...session,
  id: 'saveWorkInfo',
  method: 'POST',
  path: API_PATHS.workSave,
  summary: 'Saves the supplementary information whole (company, e-mail, Facebook; the WORK item).',
  request: workInfoRequestSchema,
  response: nullResponseSchema,
  errors: ['VALIDATION_FAILED', 'SESSION_EXPIRED'],
});

const operatorErrors = ['VALIDATION_FAILED', 'SESSION_EXPIRED', 'OPERATOR_STEP', 'OPERATOR_PHONE_MISMATCH', 'OTP_TOO_SOON', 'OTP_SEND_LIMIT', 'SMS_UNAVAILABLE'] as const;

export const operatorOneEndpoint = defineEndpoint({
  ...session,
  id: 'operatorCheckStart',
  method: 'POST',
  path: API_PATHS.telecomOtpOne,
  summary: "Operator check, step one: the subscriber's operator sends the first code.",
  request: operatorStartRequestSchema,
  response: operatorStepResponseSchema,
  errors: [...operatorErrors],
});

export const operatorTwoEndpoint = defineEndpoint({
  ...session,
  id: 'operatorCheckSecond',
  method: 'POST',
  path: API_PATHS.telecomOtpTwo,
  summary: 'Operator check, step two: confirms the first code and sends the second (not for Vietnamobile).',
  request: operatorSecondStepRequestSchema,
  response: operatorStepResponseSchema,
  errors: [...operatorErrors, 'OTP_INCORRECT', 'OTP_EXPIRED', 'OTP_LOCKED'],
});

export const operatorThreeEndpoint = defineEndpoint({
  ...session,
  id: 'operatorCheckFinish',
  method: 'POST',
  path: API_PATHS.telecomOtpThree,
  summary: 'Operator check, last step: confirms the last code; the TELECOM item is done.',
  request: operatorCodeRequestSchema,
  response: operatorStepResponseSchema,
  errors: [...operatorErrors, 'OTP_INCORRECT', 'OTP_EXPIRED', 'OTP_LOCKED'],
});
