/** Query keys of the Mine area. */
export const mineKeys = {
  all: ['mine'] as const,
  feedback: () => [...mineKeys.all, 'feedback'] as const,
  consents: () => [...mineKeys.all, 'consents'] as const,
  dataRights: () => [...mineKeys.all, 'data-rights'] as const,
};
