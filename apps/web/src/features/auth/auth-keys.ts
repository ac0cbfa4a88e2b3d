/** Query keys of sign-in state, per signed-in user (one user's cached status is never shown to another). */
export const authKeys = {
  all: ['auth'] as const,
  status: (userId: number | null) => [...authKeys.all, 'status', userId] as const,
};
