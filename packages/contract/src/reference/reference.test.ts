import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import { ageOn } from '../validation.ts';
import { OPERATORS } from './operators.ts';
import {
  EDUCATION_LEVELS,
  GENDERS,
  ID_CARD_TYPES,
  INDUSTRIES,
  JOB_NATURES,
  LOAN_PURPOSES,
  MARITAL_STATUSES,
  OTHER_RELATIVES,
  RELATIVES,
  SALARY_BANDS,
  STAFF_SIZES,
  WORK_TIMES,
  salaryBandOf,
} from './options.ts';
import { PROVINCES } from './provinces.ts';

describe('provinces after 1 July 2025', () => {
  it('are 34 units, 6 cities and 28 provinces, with unique ids and names in every language', () => {
    expect(PROVINCES).toHaveLength(34);
    expect(PROVINCES.filter((entry) => entry.kind === 'city')).toHaveLength(6);
    expect(new Set(PROVINCES.map((entry) => entry.id)).size).toBe(34);
    for (const lang of LANGUAGES) expect(new Set(PROVINCES.map((entry) => entry.name[lang])).size, lang).toBe(34);
  });

  it('were formed from the 63 former provinces, each in exactly one', () => {
    const former = PROVINCES.flatMap((entry) => entry.formerProvinces);
    expect(former).toHaveLength(63);
    expect(new Set(former).size).toBe(63);
    expect(PROVINCES.filter((entry) => entry.formerProvinces.length === 1)).toHaveLength(11);
  });
});

describe('choice lists', () => {
  const lists = { GENDERS, MARITAL_STATUSES, EDUCATION_LEVELS, LOAN_PURPOSES, WORK_TIMES, ID_CARD_TYPES, SALARY_BANDS, JOB_NATURES, STAFF_SIZES, INDUSTRIES, RELATIVES, OTHER_RELATIVES };
  it.each(Object.entries(lists))('%s: unique states and a label in every language', (_name, list) => {
    expect(new Set(list.map((option) => option.state)).size).toBe(list.length);
    for (const option of list) for (const lang of LANGUAGES) expect(option.label[lang].trim(), `${String(option.state)} ${lang}`).not.toBe('');
  });

  it('contact 1 and contact 2 relationships never share a state; industry 19 is "not working"', () => {
    const first = new Set(RELATIVES.map((option) => option.state));
    expect(OTHER_RELATIVES.some((option) => first.has(option.state as never))).toBe(false);
    expect(INDUSTRIES.find((option) => option.state === 19)?.label.en).toBe('Not working or other');
  });

  it('salary bands cover every income without gaps', () => {
    expect(salaryBandOf(0).state).toBe(1);
    expect(salaryBandOf(4_999_999).state).toBe(1);
    expect(salaryBandOf(5_000_000).state).toBe(2);
    expect(salaryBandOf(29_999_999).state).toBe(5);
    expect(salaryBandOf(1_000_000_000).state).toBe(6);
  });

  it('offers the five operators; only Vietnamobile has a single code', () => {
    expect(OPERATORS.map((operator) => operator.company)).toEqual(['viet', 'mobi', 'vina', 'vietnamobile', 'saymee']);
    expect(OPERATORS.filter((operator) => operator.codeSteps === 1).map((operator) => operator.company)).toEqual(['vietnamobile']);
  });
});

describe("Vietnam's calendar date", () => {
  it('makes someone 18 at midnight in Vietnam, not at midnight UTC', () => {
    const birth = { year: 2008, month: 6, day: 15 };
    expect(ageOn(birth, new Date('2026-06-14T16:59:59Z'))).toBe(17);
    expect(ageOn(birth, new Date('2026-06-14T17:00:00Z'))).toBe(18);
  });
});
