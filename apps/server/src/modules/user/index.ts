export type { UserAccountRow, UserRow } from './user.repository.ts';
export type { UserService } from './user.service.ts';
