/** Query keys of the KYC step. */
export const kycKeys = {
  all: ['kyc'] as const,
  info: () => [...kycKeys.all, 'info'] as const,
  /** One liveness session per attempt: a retry starts a new one. */
  livenessSession: (attempt: number) => [...kycKeys.all, 'liveness-session', attempt] as const,
};
