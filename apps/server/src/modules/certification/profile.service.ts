import {
  AUTH_STATE,
  EDUCATION_LEVELS,
  GENDERS,
  ID_CARD_TYPES,
  INDUSTRIES,
  INDUSTRY_NO_COMPANY,
  JOB_NATURES,
  LANGUAGES_SPOKEN,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  OTHER_RELATIVES,
  PROVINCES,
  RELATIVES,
  SALARY_BANDS,
  STAFF_SIZES,
  WORK_TIMES,
  findOperator,
  findOption,
  findProvince,
  formatDisplayDate,
  parseIsoDate,
  personalDataRequestSchema,
  salaryBandOf,
  firstMessageKey,
  type AddressItem,
  type Language,
  type ParsedPersonalDataRequest,
  type ParsedWorkInfoRequest,
  type PersonalEnumResponse,
  type PersonalInfo,
  type RefOption,
  type WorkEnumResponse,
  type WorkInfo,
} from '@sen/contract';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { FieldCipher } from '../../shared/field-cipher.ts';
import type { CertificationService } from './certification.service.ts';
import type { ProfileRepository } from './profile.repository.ts';

/** The purpose of the ID number's blind index (also what CreditFacts.idNumberIndex is). */
export const ID_NUMBER_INDEX_PURPOSE = 'id-number';

/** An ID number as the back office shows it: its last four digits, the length hidden too. */
export function maskIdNumber(last4: string): string {
  return `******${last4}`;
}

/** Vietnam's country calling code, as the family's address items carry it. */
const VIETNAM_COUNTRY_ID = 84;

function options<State extends number | string>(list: readonly RefOption<State>[], lang: Language) {
  return list.map((option) => ({ state: option.state, id: option.state, info: option.label[lang] }));
}

function labelOf(list: readonly RefOption[], state: number | null | undefined, lang: Language): string | null {
  if (state === null || state === undefined) return null;
  return findOption(list, state)?.label[lang] ?? null;
}

/** A unique violation from PostgreSQL or PGlite, possibly wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

/**
 * Personal data (the ID item) and supplementary information (the WORK item): the choice lists, the
 * saved values for review, and each step saved whole in one transaction that also marks its item.
 */
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly uow: UnitOfWork,
    private readonly certification: CertificationService,
    private readonly cipher: FieldCipher,
    private readonly clock: Clock,
  ) {}

  personalEnums(lang: Language): PersonalEnumResponse {
    return {
      gender: options(GENDERS, lang),
      maritalStatus: options(MARITAL_STATUSES, lang),
      education: options(EDUCATION_LEVELS, lang),
      purpose: options(LOAN_PURPOSES, lang),
      workTime: options(WORK_TIMES, lang),
      language: options(LANGUAGES_SPOKEN, lang),
      idCardTypeV2: options(ID_CARD_TYPES, lang),
      salaryRange: options(SALARY_BANDS, lang),
    };
  }

  workEnums(lang: Language): WorkEnumResponse {
    return {
      relatives: options(RELATIVES, lang),
      otherRelatives: options(OTHER_RELATIVES, lang),
      salaryRange: options(SALARY_BANDS, lang),
      jobnature: options(JOB_NATURES, lang),
      staffSize: options(STAFF_SIZES, lang),
      industry: options(INDUSTRIES, lang),
    };
  }

  /** Provinces without a parent; nothing below a province (no wards are shipped, decision 043). */
  addresses(parentId: number | undefined, lang: Language): AddressItem[] {
    if (parentId !== undefined && parentId !== 0) return [];
    return PROVINCES.map((entry) => ({
      id: entry.id,
      parentId: 0,
      name: entry.name.vn,
      otherName: entry.name[lang],
      type: 1,
      countryId: VIETNAM_COUNTRY_ID,
    }));
  }

  /** Whether the borrower has saved personal data (the demo seed fills it once). */
  async hasPersonalData(userId: string): Promise<boolean> {
    return (await this.repository.personalData(userId)) !== null;
  }

  // ─── the back office's borrower view (decision 097) ───

  /** Who holds this ID number, looked up by its blind index (the number itself is never searched). */
  holderOfIdNumber(idNumber: string): Promise<string | null> {
    return this.repository.holderOfIdNumber(this.cipher.blindIndex(ID_NUMBER_INDEX_PURPOSE, idNumber));
  }

  /** Users whose name starts with `prefix`, ignoring case and diacritics, in name order. */
  userIdsByNamePrefix(prefix: string, limit: number): Promise<string[]> {
    return this.repository.userIdsByNamePrefix(prefix, limit);
  }

  /** Name and masked ID number of several users (search results), by user id. */
  async summariesOf(userIds: readonly string[]): Promise<Map<string, { fullName: string; idNumberMasked: string }>> {
    const rows = await this.repository.summariesOf(userIds);
    return new Map(rows.map((row) => [row.userId, { fullName: row.fullName, idNumberMasked: maskIdNumber(row.idNumberLast4) }]));
  }

  /** The personal data as the borrower page shows it: the ID number masked. Null before the step. */
  async operatorView(userId: string) {
    const row = await this.repository.personalData(userId);
    if (!row) return null;
    return {
      fullName: row.fullName,
      idNumberMasked: maskIdNumber(row.idNumberLast4),
      birthDate: row.birthDate,
      sex: row.sex,
      provinceId: row.provinceId,
      monthlySalaryVnd: Number(row.monthlySalaryVnd),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The full ID number, for an audited reveal only (the caller writes the audit row); null before the step. */
  async revealIdNumber(userId: string): Promise<string | null> {
    const row = await this.repository.personalData(userId);
    return row ? this.cipher.decrypt(row.idNumberCipher) : null;
  }

  /**
   * Saves the personal-data step whole and marks the ID item, in one transaction. The birth date is
   * checked again on the app's clock (the endpoint schema read the system clock). A correction keeps
   * the ID number: a different one is refused (ID_NUMBER_LOCKED); a number another user holds is
   * refused (ID_NUMBER_TAKEN), also when two users race for it (the unique index decides).
   */
  async savePersonalData(userId: string, input: ParsedPersonalDataRequest): Promise<void> {
    const onClock = personalDataRequestSchema({ today: this.clock }).safeParse({ ...input, city: undefined, region: undefined });
    if (!onClock.success) throw new AppError('VALIDATION_FAILED', { messageKey: firstMessageKey(onClock.error) });
    const idNumberIndex = this.cipher.blindIndex(ID_NUMBER_INDEX_PURPOSE, input.cardNo);
    const salary = Number(input.salary);
    const fullName = input.userName ?? [input.lastName, input.firstName].filter(Boolean).join(' ');
    try {
      await this.uow.transaction(async () => {
        const existing = await this.repository.personalData(userId);
        if (existing && existing.idNumberIndex !== idNumberIndex) throw new AppError('ID_NUMBER_LOCKED');
        if (await this.repository.idNumberHeldByOther(userId, idNumberIndex)) throw new AppError('ID_NUMBER_TAKEN');
        await this.repository.upsertPersonalData({
          userId,
          fullName,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          idNumberCipher: existing?.idNumberCipher ?? this.cipher.encrypt(input.cardNo),
          idNumberIndex,
          idNumberLast4: input.cardNo.slice(-4),
          sex: input.sex,
          birthDate: input.birthDate,
          education: input.education,
          maritalStatus: input.marryState,
          loanPurpose: input.loanPurpose ?? input.purpose ?? existing?.loanPurpose ?? null,
          provinceId: input.province,
          address: (input.address ?? input.currentAddress) as string,
          monthlySalaryVnd: BigInt(input.salary),
          salaryBand: salaryBandOf(salary).state,
          email: input.email ?? existing?.email ?? null,
          jobNature: input.jobNature ?? existing?.jobNature ?? null,
          industry: input.industry ?? existing?.industry ?? null,
          workTime: input.workTime ?? existing?.workTime ?? null,
          zaloAccount: input.zaloAccount ?? existing?.zaloAccount ?? null,
        });
        await this.certification.markItem(userId, 'ID', AUTH_STATE.DONE);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ID_NUMBER_TAKEN');
      throw error;
    }
  }

  async personalInfo(userId: string, userPublicId: number, lang: Language): Promise<PersonalInfo> {
    const [row, check] = await Promise.all([this.repository.personalData(userId), this.repository.operatorCheck(userId)]);
    const operator = findOperator(check?.verifiedCompany);
    const birth = row ? parseIsoDate(row.birthDate) : null;
    const band = row ? findOption(SALARY_BANDS, row.salaryBand) : undefined;
    return {
      id: row?.publicId ?? null,
      userId: userPublicId,
      userName: row?.fullName ?? null,
      firstName: row?.firstName ?? null,
      lastName: row?.lastName ?? null,
      // The owner's own number in full: the family's clients prefill it and send it back on a correction.
      cardNo: row ? this.cipher.decrypt(row.idNumberCipher) : null,
      sex: row?.sex ?? null,
      sexStr: labelOf(GENDERS, row?.sex, lang),
      birthDate: row?.birthDate ?? null,
      birthDateStr: birth ? formatDisplayDate(birth) : null,
      education: row?.education ?? null,
      educationStr: labelOf(EDUCATION_LEVELS, row?.education, lang),
      marryState: row?.maritalStatus ?? null,
      marryStateStr: labelOf(MARITAL_STATUSES, row?.maritalStatus, lang),
      purpose: row?.loanPurpose ?? null,
      purposeStr: labelOf(LOAN_PURPOSES, row?.loanPurpose, lang),
      province: row?.provinceId ?? null,
      provinceStr: row ? (findProvince(row.provinceId)?.name[lang] ?? null) : null,
      city: null,
      cityStr: null,
      region: null,
      regionStr: null,
      address: row?.address ?? null,
      currentAddress: row?.address ?? null,
      salary: row ? Number(row.monthlySalaryVnd) : null,
      salaryRange: band ? band.state : null,
      salaryRangeStr: band ? band.label[lang] : null,
      email: row?.email ?? null,
      zaloAccount: row?.zaloAccount ?? null,
      jobNature: labelOf(JOB_NATURES, row?.jobNature, lang),
      industry: labelOf(INDUSTRIES, row?.industry, lang),
      workTime: labelOf(WORK_TIMES, row?.workTime, lang),
      telecom: operator?.name ?? null,
      telecomPhone: operator ? (check?.verifiedPhone ?? null) : null,
      telecomCompany: operator?.company ?? null,
      cardName: row?.fullName ?? null,
    };
  }

  /**
   * Saves the supplementary information whole and marks the WORK item, in one transaction. The
   * e-mail is the personal data's (asked there, SPEC.md §3) unless the request carries one (KMP's
   * supplementary page sends it); with neither stored nor sent, it is asked for ('Please input').
   */
  async saveWorkInfo(userId: string, input: ParsedWorkInfoRequest): Promise<void> {
    const noCompany = input.industry === INDUSTRY_NO_COMPANY;
    await this.uow.transaction(async () => {
      const email = input.email ?? (await this.repository.personalData(userId))?.email ?? (await this.repository.workInfo(userId))?.email ?? null;
      if (email === null) throw new AppError('VALIDATION_FAILED', { messageKey: 'validation.required' });
      await this.repository.upsertWorkInfo({
        userId,
        industry: input.industry,
        companyName: noCompany ? null : (input.companyName ?? null),
        companyTel: noCompany ? null : (input.companyTel ?? null),
        companyAddress: noCompany ? null : (input.companyAddress ?? null),
        email,
        purpose: input.purpose ?? null,
        facebookUid: input.facebookUid ?? null,
        facebookAccount: input.facebookAccount ?? null,
        telegramAccount: input.telegramAccount ?? null,
        zaloAccount: input.zaloAccount ?? null,
      });
      await this.certification.markItem(userId, 'WORK', AUTH_STATE.DONE);
    });
  }

  async workInfo(userId: string, userPublicId: number, lang: Language): Promise<WorkInfo> {
    const [row, personal] = await Promise.all([this.repository.workInfo(userId), this.repository.personalData(userId)]);
    return {
      id: row?.publicId ?? null,
      userId: userPublicId,
      companyName: row?.companyName ?? null,
      companyTel: row?.companyTel ?? null,
      companyAddress: row?.companyAddress ?? null,
      industry: row?.industry ?? null,
      industryStr: labelOf(INDUSTRIES, row?.industry, lang),
      salaryRange: personal?.salaryBand ?? null,
      jobNature: personal?.jobNature ?? null,
      jobNatureStr: labelOf(JOB_NATURES, personal?.jobNature, lang),
      staffSize: null,
      // The personal data's e-mail until the supplementary page is saved: the form does not ask it again.
      email: row?.email ?? personal?.email ?? null,
      purpose: row?.purpose ?? null,
      // The emergency contacts belong to the receiving-account step (filled by the route from the bank module).
      relatives: null,
      relativesStr: null,
      relativesName: null,
      relativesMobile: null,
      otherRelatives: null,
      otherRelativesStr: null,
      otherName: null,
      otherMobile: null,
      accountUser: personal?.fullName ?? null,
      zaloAccount: row?.zaloAccount ?? personal?.zaloAccount ?? null,
      facebookUid: row?.facebookUid ?? null,
      facebookAccount: row?.facebookAccount ?? null,
      telegramAccount: row?.telegramAccount ?? null,
    };
  }
}
