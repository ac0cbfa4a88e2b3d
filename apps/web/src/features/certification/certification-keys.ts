/** Query keys of the certification steps (labels depend on the language, so it is part of their keys). */
export const certificationKeys = {
  all: ['certification'] as const,
  personalEnums: (language: string) => [...certificationKeys.all, 'personal-enums', language] as const,
  workEnums: (language: string) => [...certificationKeys.all, 'work-enums', language] as const,
  provinces: (language: string) => [...certificationKeys.all, 'provinces', language] as const,
  personalInfo: () => [...certificationKeys.all, 'personal-info'] as const,
  workInfo: () => [...certificationKeys.all, 'work-info'] as const,
};
